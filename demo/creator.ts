// Creator mode: generate-session defines groups and attributes in an embed tenant's own scope; the embed-tenant
// admin API lists and deletes them. The page plays the host's backend (it holds the demo API key).
import {
  ATTRIBUTE_TYPES,
  type AttributeType,
  type GroupDefinition,
  type UserAttributeDefinition,
} from '../src/api/types.js';
import { DEMO } from '../src/engine/demo-keys.js';
import type { HttpTransport } from '../src/transport/index.js';
import { $, describeError } from './util.js';

/** `name: rest` lines; blank lines skipped. */
function lines(text: string): { name: string; rest: string; line: number }[] {
  return text
    .split('\n')
    .map((raw, i) => ({ raw: raw.trim(), line: i + 1 }))
    .filter(({ raw }) => raw)
    .map(({ raw, line }) => {
      const colon = raw.indexOf(':');
      return colon < 0
        ? { name: raw, rest: '', line }
        : { name: raw.slice(0, colon).trim(), rest: raw.slice(colon + 1).trim(), line };
    });
}

function parseAttributes(text: string): UserAttributeDefinition[] {
  return lines(text).map(({ name, rest, line }) => {
    if (!(ATTRIBUTE_TYPES as readonly string[]).includes(rest)) {
      throw new Error(`Attribute line ${line}: type "${rest}" is not one of ${ATTRIBUTE_TYPES.join(', ')}`);
    }
    return { name, type: rest as AttributeType };
  });
}

const parseGroups = (text: string): GroupDefinition[] =>
  lines(text).map(({ name, rest }) => (rest ? { name, description: rest } : { name }));

/** Wires the panel; returns the function that lists the tenant's definitions (call it once the engine is up). */
export function setUpCreatorPanel(backend: () => HttpTransport): () => Promise<void> {
  const status = $<HTMLParagraphElement>('#creator-status');
  const tenant = () => $<HTMLInputElement>('#tenant').value.trim();
  const fail = (error: unknown) => {
    status.textContent = `Error: ${describeError(error)}`;
  };

  function row(cells: string[], label: string, remove: () => Promise<void>): HTMLTableRowElement {
    const tr = document.createElement('tr');
    for (const text of cells) tr.insertCell().textContent = text;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Delete';
    button.setAttribute('aria-label', `Delete ${label}`);
    button.addEventListener('click', () => {
      button.disabled = true;
      remove().then(
        () => {
          status.textContent = `Deleted ${label}.`;
          return refresh();
        },
        (error: unknown) => {
          button.disabled = false;
          fail(error);
        },
      );
    });
    tr.insertCell().append(button);
    return tr;
  }

  function fill(body: HTMLTableSectionElement, rows: HTMLTableRowElement[], empty: string): void {
    if (rows.length) return body.replaceChildren(...rows);
    const tr = document.createElement('tr');
    const cell = tr.insertCell();
    cell.colSpan = 3;
    cell.textContent = empty;
    body.replaceChildren(tr);
  }

  /** Lists both scopes through the admin API, every page. */
  async function refresh(): Promise<void> {
    const name = tenant();
    const groups: HTMLTableRowElement[] = [];
    for await (const g of backend().iterateEmbedTenantGroups(name)) {
      groups.push(
        row([g.name, g.description ?? ''], `group ${g.name}`, () => backend().deleteEmbedTenantGroup(name, g.id)),
      );
    }
    const attributes: HTMLTableRowElement[] = [];
    for await (const a of backend().iterateEmbedTenantUserAttributes(name)) {
      attributes.push(
        row([a.name, a.type], `attribute ${a.name}`, () => backend().deleteEmbedTenantUserAttribute(name, a.id)),
      );
    }
    fill($<HTMLTableSectionElement>('#tenant-groups tbody'), groups, 'No groups yet.');
    fill($<HTMLTableSectionElement>('#tenant-attributes tbody'), attributes, 'No attributes yet.');
  }

  $<HTMLFormElement>('#creator-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      try {
        const groupDefinitions = parseGroups($<HTMLTextAreaElement>('#group-defs').value);
        const userAttributeDefinitions = parseAttributes($<HTMLTextAreaElement>('#attribute-defs').value);
        const { sessionId } = await backend().generateSession({
          deploymentId: DEMO.deploymentId,
          externalId: $<HTMLInputElement>('#creator-id').value.trim(),
          embedTenantName: tenant(),
          creatorMode: true,
          groupDefinitions,
          userAttributeDefinitions,
          // Scoped names resolve in creator mode: the builder joins the first group.
          groups: groupDefinitions.slice(0, 1).map((g) => g.name),
        });
        status.textContent = `Creator-mode session ${sessionId.slice(0, 8)}… minted; ${groupDefinitions.length} group and ${userAttributeDefinitions.length} attribute definitions applied.`;
      } catch (error) {
        fail(error);
      }
      await refresh().catch(fail);
    })();
  });
  $('#tenant').addEventListener('change', () => void refresh().catch(fail));
  return refresh;
}
