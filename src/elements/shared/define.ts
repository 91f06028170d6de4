// Registration without surprises: defining a tag twice is a no-op with a warning, never a throw (two copies of
// the library on one page must not break it). Where there is no registry (a server with neither a DOM nor a shim of it),
// nothing is defined, so importing the elements never throws there.

/** Defines `tag` as `element` unless the tag is already taken; warns when it is taken by another class. */
export function defineElement(tag: string, element: CustomElementConstructor): void {
  if (typeof customElements === 'undefined') return;
  const existing = customElements.get(tag);
  if (existing === undefined) {
    customElements.define(tag, element);
  } else if (existing !== element) {
    console.warn(
      `svc-elements: <${tag}> is already defined by another class (two copies of the library?); kept the first.`,
    );
  }
}
