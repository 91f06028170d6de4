// The transport carries the viewer's language to the chat service: StreamChatOptions.locale becomes the request's
// `Accept-Language` (standard HTTP, no body field); without a locale the transport sets none; a locale that is no
// BCP 47 tag is refused before anything is sent.
import { expect } from '@open-wc/testing';
import { recordingChatTransport } from '../helpers/recording-chat.js';

describe('chat transport: the viewer’s language', () => {
  it('sends the locale as Accept-Language, canonicalized', async () => {
    const { transport, sent } = recordingChatTransport();
    await transport.streamChat({ input: 'Umsatz?', sessionSettings: { externalId: 'u1' } }, { locale: 'de' });
    await transport.streamChat({ input: 'x', sessionSettings: { externalId: 'u1' } }, { locale: 'zh-hans-cn' });
    expect(sent.map((r) => r.headers.get('accept-language'))).to.deep.equal(['de', 'zh-Hans-CN']);
    // The body stays as the spec defines it.
    expect(await sent[0].json()).to.deep.equal({ input: 'Umsatz?', sessionSettings: { externalId: 'u1' } });
  });

  it('sets no Accept-Language without a locale', async () => {
    const { transport, sent } = recordingChatTransport();
    await transport.streamChat({ input: 'revenue?', sessionSettings: { externalId: 'u1' } });
    expect(sent).to.have.length(1);
    expect(sent[0].headers.get('accept-language')).to.equal(null);
  });

  it('refuses a locale that is no language tag, sending nothing', async () => {
    const { transport, sent } = recordingChatTransport();
    let error: unknown;
    try {
      await transport.streamChat({ input: 'x', sessionSettings: { externalId: 'u1' } }, { locale: 'de\r\nX-Evil: 1' });
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(RangeError);
    expect((error as Error).message).to.contain('is not a BCP 47 language tag');
    expect(sent).to.have.length(0);
  });
});
