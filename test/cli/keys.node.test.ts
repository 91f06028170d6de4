// Where `svc-elements serve` takes its keys (issue 30, finding 2): bad or public keys in the environment, and --demo
// with keys, are usage errors (exit 2, a message naming the variable) before anything is read or served.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { main } from '../../src/cli/serve.js';
import { chooseCredentials } from '../../src/cli/keys.js';
import { DEMO } from '../../src/engine/index.js';

async function usage(argv: string[], env: Record<string, string>): Promise<{ code: number; err: string }> {
  let err = '';
  const code = await main(argv, { out: () => {}, err: (line) => (err += line) }, { env });
  return { code, err: err.split('\n')[0] };
}

// A folder that does not exist: a usage error must come first, or this would be the message.
const SERVE = ['serve', '--model', '/nonexistent/model', '--data', '/nonexistent/data', '--port', '0'];

describe('svc-elements serve: keys from the environment', () => {
  it('refuses a short, spaced or non-ASCII key or secret, naming the variable', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ SVC_ADMIN_KEY: 'short' }, 'SVC_ADMIN_KEY has 5 characters: at least 16 are needed'],
      [
        { SVC_ADMIN_KEY: '' },
        'SVC_ADMIN_KEY is empty: unset it to have one generated, or give one of at least 16 characters',
      ],
      [{ SVC_API_SECRET: 'x'.repeat(31) }, 'SVC_API_SECRET has 31 characters: at least 32 are needed'],
      [
        { SVC_ADMIN_KEY: 'a key with spaces inside' },
        'SVC_ADMIN_KEY must be printable ASCII without spaces (it is sent in an HTTP header)',
      ],
      [
        { SVC_ADMIN_KEY: 'gew\u00e4chshaus-schl\u00fcssel' },
        'SVC_ADMIN_KEY must be printable ASCII without spaces (it is sent in an HTTP header)',
      ],
    ];
    for (const [env, message] of cases) assert.deepEqual(await usage(SERVE, env), { code: 2, err: message });
  });

  it("refuses any of the demo's public values without --demo", async () => {
    for (const value of [DEMO.adminKey, DEMO.developerKey, DEMO.viewerKey, DEMO.deploymentKey, DEMO.apiSecret]) {
      for (const name of ['SVC_ADMIN_KEY', 'SVC_API_SECRET']) {
        assert.deepEqual(await usage(SERVE, { [name]: value }), {
          code: 2,
          err: `${name} is one of the demo's public keys: serve with --demo for those, or choose your own`,
        });
      }
    }
  });

  it('refuses --demo with keys in the environment (which would be silently ignored)', async () => {
    assert.deepEqual(
      await usage([...SERVE, '--demo'], { SVC_ADMIN_KEY: 'k'.repeat(20), SVC_API_SECRET: 's'.repeat(40) }),
      {
        code: 2,
        err: "--demo serves the demo's public keys: unset SVC_ADMIN_KEY and SVC_API_SECRET, or drop --demo",
      },
    );
  });

  it('generates a different key and secret each run when none is given', () => {
    const runs = Array.from({ length: 20 }, () => chooseCredentials(false, {}));
    const values = runs.flatMap((c) => [c.adminKey, c.apiSecret]);
    assert.equal(new Set(values).size, 40);
    assert.ok(runs.every((c) => c.adminKeySource === 'generated' && c.apiSecretSource === 'generated'));
    assert.deepEqual(chooseCredentials(true, {}), {
      adminKey: DEMO.adminKey,
      apiSecret: DEMO.apiSecret,
      adminKeySource: 'demo',
      apiSecretSource: 'demo',
    });
  });
});

describe('svc-elements serve: options', () => {
  it('says what is wrong with an option, exit 2', async () => {
    const cases: [string[], string][] = [
      [[...SERVE, '--allowed-host', 'a b'], '--allowed-host "a b" is not a host name or IP address (optionally :port)'],
      [
        [...SERVE, '--allowed-host', 'u:p@host'],
        '--allowed-host "u:p@host" is not a host name or IP address (optionally :port)',
      ],
      [[...SERVE, '--demo=yes'], '--demo takes no value'],
      [['serve', '--demo', '--model', 'examples/model'], '--data is required with --model'],
      [['serve', '--data', 'examples/data'], '--model is required'],
      [[...SERVE.slice(0, 5), '--port', '99999'], '--port 99999 is not a port (0 to 65535)'],
      [[...SERVE.slice(0, 5), '--port', '80.5'], '--port 80.5 is not a port (0 to 65535)'],
      [[...SERVE, '--host', '127.0.0.1', '--host', '0.0.0.0'], '--host is given twice'],
      [[...SERVE, '--admin-key', 'k'.repeat(20)], 'Unknown option --admin-key'],
    ];
    for (const [argv, message] of cases)
      assert.deepEqual(await usage(argv, {}), { code: 2, err: message }, argv.join(' '));
  });
});
