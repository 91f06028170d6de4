// libpg-query ships its emscripten loader (wasm/libpg-query.js) as a CommonJS/UMD script that finds its .wasm from
// document.currentScript, which ES modules do not have. Dev servers and bundlers that serve it as an ES module apply
// this rewrite: export the factory instead of assigning module.exports, and name the wasm with
// `new URL('./libpg-query.wasm', import.meta.url)` — beside the module, in a worker too (where the loader would look
// beside the worker's script), and in the form bundlers (Vite, webpack, Parcel) recognise and copy as an asset.
export const LIBPG_QUERY_LOADER = /libpg-query\/wasm\/libpg-query\.js$/;

/** `ignoreWasmUrl`: mark the wasm's URL for Vite to leave alone (its library build emits the file itself). */
export function libpgQueryToEsm(code, { ignoreWasmUrl = false } = {}) {
  if (code.includes('export default PgQueryModule')) return code;
  const tail = code.lastIndexOf('if(typeof exports==="object"&&typeof module==="object")');
  const located = (tail > 0 ? code.slice(0, tail) : code)
    .replace('globalThis.document?.currentScript?.src', 'import.meta.url')
    .replace(/_scriptName\s*=\s*self\.location\.href/, '_scriptName = import.meta.url')
    // Its Node branch (never taken here: Node loads the CommonJS file itself) requires node:fs and node:crypto,
    // which bundlers would stub with a warning each.
    .replace(/require\("node:(fs|crypto)"\)/g, '(() => { throw new Error("node:$1 is for Node") })()')
    .replace(
      /locateFile\(\s*"libpg-query\.wasm"\s*\)/,
      `new URL(${ignoreWasmUrl ? '/* @vite-ignore */ ' : ''}"./libpg-query.wasm", import.meta.url).href`,
    );
  return `${located}\nexport default PgQueryModule;\n`;
}
