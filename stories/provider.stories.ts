// <svc-provider>: the context root. It draws nothing of its own; these show what it gives the elements inside — one
// session, locale and colour scheme for a dashboard and a chat together — and a session that cannot be had.
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import type { LocalEngine } from '../src/engine/index.js';
import { DEMO } from '../src/engine/index.js';
import type { SvcProvider } from '../src/index.js';
import { storyEngine } from './support/engine.js';
import { OVERVIEW, dashboardOf, loaded, split } from './support/dashboards.js';
import { until } from './support/wait.js';
import { element, provided } from './support/render.js';

const meta: Meta = {
  title: 'Elements/svc-provider',
  component: 'svc-provider',
  loaders: [async () => ({ engine: await storyEngine() })],
  render: (args, { loaded: { engine } }) => {
    const { tokens, own } = split(args);
    const dashboard = element('svc-dashboard', { dashboard: dashboardOf('Sales', OVERVIEW.slice(0, 6)) });
    const chat = element('svc-chat', { 'starter-prompts': ['Revenue by region last year'] });
    return provided(
      [dashboard, chat],
      { engine: engine as LocalEngine, viewer: 'storybook-provider' },
      {
        ...tokens,
        ...own,
      },
    );
  },
  play: loaded,
};
export default meta;
type Story = StoryObj;

/** A dashboard and a chat sharing the provider's session. */
export const SharedSession: Story = {};

export const Dark: Story = { args: { 'color-scheme': 'dark' }, globals: { backgrounds: { value: 'dark' } } };

/** The provider's locale reaches every element inside. */
export const German: Story = { args: { locale: 'de', timezone: 'Europe/Berlin' } };

/** A session token the service does not accept: the elements say so (the provider fires svc-error). */
export const RefusedSession: Story = {
  render: (args, { loaded: { engine } }) => {
    const provider = element<SvcProvider>('svc-provider', {
      ...args,
      'base-url': 'https://local.svc',
      'account-name': DEMO.accountName,
      'agent-id': 'analyst',
      'session-id': 'not-a-session',
    });
    provider.fetch = (engine as LocalEngine).fetch;
    provider.append(element('svc-dashboard', { dashboard: dashboardOf('Sales', OVERVIEW.slice(3, 5)) }));
    return provider;
  },
  play: async ({ canvasElement }) => {
    const dashboard = canvasElement.querySelector('svc-dashboard')!;
    await until('the refusal', () => !!dashboard.shadowRoot?.querySelector('[part~="error"]'));
  },
};
