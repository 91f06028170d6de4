// HTML from a library of ours that writes markup (highlight.js's SQL spans), sanitised anyway: DOMPurify with a strict
// profile, links http(s)/mailto only and opened with rel="noopener noreferrer", no images or embedded documents
// (nothing loads from the network). The chat's markdown does not need it: its renderer writes safe HTML by
// construction (safe-renderer.ts).

import DOMPurify from 'dompurify';

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | undefined;

/** A DOMPurify instance of our own (hooks are per instance, so the host page's DOMPurify is left alone). */
function sanitizer(): Purifier {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  p.setConfig(SANITIZE);
  purifier = p;
  return p;
}

const SANITIZE = {
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  FORBID_TAGS: [
    'img',
    'svg',
    'math',
    'style',
    'iframe',
    'object',
    'embed',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'video',
    'audio',
    'source',
    'picture',
    'link',
    'meta',
    'base',
    'noscript',
    'template',
  ],
  FORBID_ATTR: ['style', 'srcset', 'background', 'poster', 'formaction'],
};

/** `html` without anything unsafe (the configuration is set once, not parsed again on every call). */
export function sanitize(html: string): string {
  return sanitizer().sanitize(html);
}
