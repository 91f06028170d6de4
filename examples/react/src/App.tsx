import { useState } from 'react';
import type { LocalDemo } from './local-demo';

export function App({ demo }: { demo: LocalDemo }) {
  const [status, setStatus] = useState('Loading the dashboard…');
  return (
    <svc-provider
      base-url="https://local.svc"
      account-name="demo"
      agent-id="analyst"
      fetch={demo.fetch}
      token={demo.token}
    >
      <p role="status">{status}</p>
      <svc-dashboard
        dashboard={demo.dashboard}
        onsvc-dashboard-loaded={(event) => setStatus(`${event.widgetCount} widgets loaded`)}
        onsvc-error={(event) => setStatus(`Failed: ${String(event.error)}`)}
      />
      <svc-chat starterPrompts={['Revenue by region last year']} />
    </svc-provider>
  );
}
