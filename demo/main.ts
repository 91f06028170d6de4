// The playground: the local engine in this page answers the whole API. The page plays the host's backend (it holds
// the demo API key to publish the dashboard and mint sessions); the elements inside <svc-provider> only ever get the
// viewer's session, exactly as in a real embed.
import type { SvcDashboard, SvcProvider } from '../src/index.js';
import type { EngineProgress, LocalEngine } from '../src/engine/index.js';
import { createLocalEngine } from '../src/engine/create.js';
import { DEMO } from '../src/engine/demo-keys.js';
import { HttpTransport } from '../src/transport/index.js';
import { nextTask } from '../src/util/next-task.js';
import { $, describeError as describe, grouped } from './util.js';
const status = $<HTMLParagraphElement>('#engine-status');
const log = $<HTMLOListElement>('#engine-log');
const provider = $<SvcProvider>('#provider');
const dashboard = $<SvcDashboard>('#dashboard');
const chat = document.querySelector('svc-chat')!;

const BASE = 'https://local.svc';
const PRESETS = {
  eu: { externalId: 'eva', displayName: 'Eva Lindqvist', groups: 'sales-eu', region: 'EU' },
  us: { externalId: 'sam', displayName: 'Sam Carter', groups: 'sales-us', region: 'US' },
  exec: { externalId: 'alex', displayName: 'Alex Morgan', groups: 'executives', region: '' },
} as const;

function step(title: string, value: unknown): void {
  const item = document.createElement('li');
  const heading = document.createElement('strong');
  heading.textContent = title;
  const body = document.createElement('pre');
  body.textContent = JSON.stringify(value, null, 2);
  item.append(heading, body);
  log.append(item);
}

function fillPreset(): void {
  const preset = PRESETS[$<HTMLSelectElement>('#preset').value as keyof typeof PRESETS];
  $<HTMLInputElement>('#external-id').value = preset.externalId;
  $<HTMLInputElement>('#display-name').value = preset.displayName;
  $<HTMLInputElement>('#groups').value = preset.groups;
  $<HTMLInputElement>('#region').value = preset.region;
  $<HTMLInputElement>('#attributes').value = '';
}

/**
 * The page's elements: their shared base (Lit, the context, the UI language) in a task of its own, the provider next
 * (the others find their context through it), then as they show.
 */
const ELEMENTS = [
  () => import('../src/elements/shared/svc-element.js'),
  () => import('../src/elements/provider/svc-provider.js'),
  () => import('../src/elements/dashboard/svc-dashboard.js'),
  () => import('../src/elements/chat/svc-chat.js'),
  () => import('../src/index.js'),
];

/** The sample dashboard's workbook, evaluated after the page's first script. */
const sample = import('./dashboard.js');
let engine: LocalEngine;
let backend: HttpTransport;
// The panels below the dashboard and the chat load after the page's first script (their code, the dashboard
// generator's among it, is evaluated in tasks of its own).
const refreshTenant = import('./creator.js').then((m) => m.setUpCreatorPanel(() => backend));
const SAMPLE_STARTERS = [
  'Revenue by region last year',
  'How many orders per month in 2025?',
  'Top 5 products by revenue',
];
const yourData = import('./your-data.js').then((m) =>
  m.setUpYourDataPanel({
    engine: () => engine,
    backend: () => backend,
    viewer: () => provider.activeTransport,
    viewerName: () => viewerSummary(),
    viewAs: (group) => {
      $<HTMLInputElement>('#groups').value = group;
      void startSession();
    },
    publish: (slug, input) => publish(slug, input),
    chat,
    sampleStarters: SAMPLE_STARTERS,
  }),
);

/**
 * Publishes a dashboard (upsert by slug, then publish) and shows it: a new version under the public id already shown
 * is read again (the element reads a dashboard when its public id changes).
 */
async function publish(slug: string, input: object): Promise<string> {
  const workbook = await backend.upsertWorkbookBySlug(DEMO.deploymentId, slug, input);
  const published = await backend.publishDashboard(DEMO.deploymentId, workbook.id, { allowEmbed: true });
  if (dashboard.publicId === published.publicId) {
    dashboard.publicId = undefined;
    await dashboard.updateComplete;
  }
  dashboard.publicId = published.publicId;
  return published.publicId;
}

/** The viewer as the form describes it. */
function viewerFields() {
  const groups = $<HTMLInputElement>('#groups')
    .value.split(',')
    .map((g) => g.trim())
    .filter(Boolean);
  return {
    externalId: $<HTMLInputElement>('#external-id').value.trim(),
    displayName: $<HTMLInputElement>('#display-name').value.trim(),
    groups,
    region: $<HTMLInputElement>('#region').value.trim(),
    attributes: otherAttributes(),
    showChat: $<HTMLSelectElement>('#show-chat').value,
  };
}

/** The form's other attributes, `name=value; name=value` (a name without a value is left out). */
function otherAttributes(): { name: string; value: string }[] {
  return $<HTMLInputElement>('#attributes')
    .value.split(/[;\n]/)
    .map((pair) => pair.split('='))
    .map(([name, ...value]) => ({ name: name.trim(), value: value.join('=').trim() }))
    .filter((a) => a.name && a.value && a.name !== 'region');
}

/** The viewer's part of a generate-session request: what the page sends locally and to the session server. */
function viewerRequest() {
  const { externalId, displayName, groups, region, attributes } = viewerFields();
  const userAttributes = [...(region ? [{ name: 'region', value: region }] : []), ...attributes];
  return {
    externalId,
    groups,
    ...(displayName && { userProfile: { displayName } }),
    ...(userAttributes.length && { userAttributes }),
  };
}

/** "Eva Lindqvist · sales-eu · region EU": who the session is for. */
function viewerSummary(): string {
  const { externalId, displayName, groups, region, attributes } = viewerFields();
  const values = [...(region ? [`region ${region}`] : []), ...attributes.map((a) => `${a.name} ${a.value}`)];
  return [displayName || externalId, groups.join(', ') || 'no groups', ...values].join(' · ');
}

function showViewer(): void {
  const { externalId, displayName } = viewerFields();
  $('#avatar').setAttribute('display-name', displayName || externalId);
  $('#viewer-summary').textContent = viewerSummary();
}

let remote = false;

async function startSession(): Promise<void> {
  if (remote) {
    // Remote mode: the session server mints the session; the provider asks it again for the new viewer.
    const info = await provider.newSession();
    if (info) showViewer();
    return;
  }
  log.replaceChildren();
  const { showChat } = viewerFields();
  const request = {
    deploymentId: DEMO.deploymentId,
    ...viewerRequest(),
    ...(showChat && { settings: { showDashboardChat: showChat === 'true' } }),
  };
  try {
    const { sessionId } = await backend.generateSession(request);
    step('Backend: POST /api/v1/embed/generate-session', { request, response: { sessionId } });
    // The provider exchanges it for a token, once; the dashboard and the chat follow the new viewer by themselves.
    provider.sessionId = sessionId;
    await provider.updateComplete;
    await provider.credentials();
    const claims = provider.sessionInfo?.claims;
    step('Browser: POST /api/v1/embed/session/token → the token’s claims', claims);
    showViewer();
    // A dashboard generated from the person's own model is made again for this viewer.
    await (await yourData).viewerChanged();
  } catch (error) {
    step('Error', describe(error));
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  let ready = false;
  let dataReadyAt: number | undefined;
  // What the engine does on the first visit (DuckDB, the demo data), as it happens.
  const onProgress = (p: EngineProgress) => {
    if (p.phase === 'ready') dataReadyAt ??= performance.now();
    if (ready) return;
    status.textContent =
      p.phase === 'duckdb'
        ? 'Starting DuckDB (wasm, in a worker)…'
        : p.phase === 'generate'
          ? `Generating the demo data: ${grouped(p.rows)} orders (first visit only)…`
          : p.phase === 'load'
            ? `Loading table ${p.table} into DuckDB (${p.done + 1} of ${p.total})…`
            : 'Data ready; drawing the dashboard…';
  };
  // `?engine=in-page` keeps the engine on the page's main thread (the cold-start benchmark's baseline).
  const inPage = new URLSearchParams(location.search).get('engine') === 'in-page';
  // The engine first: its worker, DuckDB and the demo's data start while the page goes on. The elements are defined
  // after, each in a task of its own (defining one upgrades and draws it): no script task of the page's start is long.
  const starting = createLocalEngine({ seed: 'demo', name: 'svc-demo', onProgress, ...(inPage && { worker: false }) });
  starting.catch(() => undefined); // its failure is main()'s, below
  // The form and the sample workbook's text in a task of their own, after the engine's start.
  await nextTask();
  fillPreset();
  for (const el of document.querySelectorAll('.page-origin')) el.textContent = location.origin;
  $<HTMLTextAreaElement>('#workbook').value = JSON.stringify((await sample).demoWorkbook, null, 2);
  for (const define of ELEMENTS) {
    await nextTask();
    await define();
  }
  engine = await starting;
  // Said after the start: the engine runs in the page when asked to, and also when its worker's script did not load.
  if (engine.runsIn === 'page')
    $('#engine-where').textContent =
      'its store in IndexedDB, the engine on this page’s main thread, DuckDB-wasm in a Web Worker';
  backend = new HttpTransport({ baseUrl: BASE, fetch: engine.fetch, auth: { apiKey: DEMO.adminKey } });
  provider.fetch = engine.fetch;
  // Ready when the charts in view show their data (svc-dashboard-loaded waits for them), not when the grid is drawn;
  // the data plane's own start (DuckDB, the demo tables) is part of that time, and said apart.
  dashboard.addEventListener(
    'svc-dashboard-loaded',
    (e) => {
      ready = true;
      const ms = (t: number) => `${grouped(Math.round(t))} ms`;
      const data =
        dataReadyAt === undefined ? '' : `; DuckDB and the demo data ready after ${ms(dataReadyAt - started)}`;
      status.textContent = `Ready in ${ms(performance.now() - started)}: ${e.widgetCount} widgets with their data${data}.`;
    },
    { once: true },
  );
  chat.starterPrompts = SAMPLE_STARTERS;
  await startSession();
  status.textContent = 'Publishing the demo dashboard…';
  // A person's own model and data, imported before a reload, come back instead of the sample.
  const own = (await yourData).resume();
  await Promise.all([
    own.then(async (mine) => mine || (await publish('sales-overview', (await sample).demoWorkbook))),
    refreshTenant.then((refresh) => refresh()),
  ]);
}

$('#preset').addEventListener('change', fillPreset);
$<HTMLFormElement>('#viewer-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void startSession();
});
$('#color-scheme').addEventListener('change', (e) => {
  provider.colorScheme = (e.target as HTMLSelectElement).value as 'auto' | 'light' | 'dark';
  document.documentElement.style.colorScheme = provider.colorScheme === 'auto' ? 'light dark' : provider.colorScheme;
});
$('#locale').addEventListener('change', (e) => {
  provider.locale = (e.target as HTMLSelectElement).value;
  document.documentElement.lang = provider.locale;
});
$<HTMLFormElement>('#code-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const out = $<HTMLPreElement>('#code-result');
  void (async () => {
    try {
      const input = JSON.parse($<HTMLTextAreaElement>('#workbook').value) as object;
      const publicId = await publish($<HTMLInputElement>('#slug').value, input);
      out.textContent = `Upserted and published: publicId ${publicId}`;
    } catch (error) {
      out.textContent = `Error: ${describe(error)}`;
    }
  })();
});
// ─── Remote mode ───────────────────────────────────────────────────────────────────────────────────────────────
let localPublicId = '';
$<HTMLFormElement>('#remote-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const base = $<HTMLInputElement>('#remote-base').value.trim();
  const sessions = $<HTMLInputElement>('#remote-sessions').value.trim();
  const remoteStatus = $<HTMLParagraphElement>('#remote-status');
  if (!base || !sessions) {
    remoteStatus.textContent = 'Give the API base URL and your session server’s URL.';
    return;
  }
  localPublicId = dashboard.publicId ?? localPublicId;
  provider.fetch = undefined;
  provider.baseUrl = base;
  provider.chatUrl = $<HTMLInputElement>('#remote-chat').value.trim() || undefined;
  provider.accountName = $<HTMLInputElement>('#remote-account').value.trim();
  provider.agentId = $<HTMLInputElement>('#remote-agent').value.trim();
  provider.fetchSession = async () => {
    const response = await fetch(sessions, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(viewerRequest()),
    });
    const body = (await response.json()) as { sessionId?: string; error?: string };
    if (!response.ok || !body.sessionId) throw new Error(body.error ?? `Session server answered ${response.status}`);
    return { sessionId: body.sessionId };
  };
  // Dropping the local session id starts one from fetchSession; already remote, ask for a new one.
  const wasLocal = provider.sessionId !== undefined;
  provider.sessionId = undefined;
  if (!wasLocal) void provider.newSession();
  remote = true;
  showViewer();
  dashboard.publicId = $<HTMLInputElement>('#remote-dashboard').value.trim() || undefined;
  remoteStatus.textContent = `Using ${base}.`;
});
$('#use-local').addEventListener('click', () => {
  remote = false;
  provider.baseUrl = BASE;
  provider.chatUrl = undefined;
  provider.accountName = DEMO.accountName;
  provider.agentId = DEMO.agentId;
  provider.fetchSession = undefined;
  provider.fetch = engine.fetch;
  dashboard.publicId = localPublicId || dashboard.publicId;
  $<HTMLParagraphElement>('#remote-status').textContent = 'Using the local engine.';
  void startSession();
});
provider.addEventListener('svc-error', (e) => {
  $<HTMLParagraphElement>('#remote-status').textContent = `Error: ${describe(e.error)}`;
});
dashboard.addEventListener('svc-error', (e) => console.warn('svc-error', e.error));

main().catch((error: unknown) => {
  status.textContent = `The engine could not start: ${describe(error)}`;
});
