// The page plays your backend here: the local engine with the demo seed, and a viewer's session minted with the
// demo's admin key (public: for local prototyping only; in production your backend mints sessions).
import { createLocalEngine, DEMO } from 'svc-elements/engine';
import { generateDashboard, type GeneratedDashboard } from 'svc-elements/generate';
import { HttpTransport, type FetchLike } from 'svc-elements/transport';

export interface LocalDemo {
  fetch: FetchLike;
  token: string;
  dashboard: GeneratedDashboard;
}

export async function localDemo(): Promise<LocalDemo> {
  const engine = await createLocalEngine({ seed: 'demo' });
  const baseUrl = 'https://local.svc';
  const backend = new HttpTransport({ baseUrl, fetch: engine.fetch, auth: { apiKey: DEMO.adminKey } });
  const { sessionId } = await backend.generateSession({
    deploymentId: DEMO.deploymentId,
    externalId: 'viewer-1',
    groups: ['sales-eu'],
    userAttributes: [{ name: 'region', value: 'EU' }],
  });
  const { token } = await backend.exchangeSessionToken(sessionId);
  // A first dashboard over what this viewer may see.
  const viewer = new HttpTransport({ baseUrl, fetch: engine.fetch, auth: { bearerToken: token } });
  return { fetch: engine.fetch, token, dashboard: generateDashboard(await viewer.loadMeta()) };
}
