// libpg-query ships its emscripten loader (wasm/libpg-query.js) as a CommonJS/UMD script that finds its .wasm from
// document.currentScript, which ES modules do not have. Dev servers and bundlers that serve it as an ES module apply
// this rewrite: export the factory, and locate the wasm beside the module via import.meta.url.
export const LIBPG_QUERY_LOADER = /libpg-query\/wasm\/libpg-query\.js$/;

export function libpgQueryToEsm(code) {
  if (code.includes('export default PgQueryModule')) return code;
  return `${code.replace('globalThis.document?.currentScript?.src', 'import.meta.url')}\nexport default PgQueryModule;\n`;
}
