// Markdown as safe HTML (markdown.ts) for text that is shown whole, such as a dashboard's text widget: rendered in the
// chart worker when one can be used, so that marked's code is neither loaded nor run on the page's main thread (its
// first evaluation is a task of tens of ms); on the page when there is no worker, or it failed.

import { chartWorkerUsable, markdownInWorker } from './chart-worker-client.js';

export async function markdownHtml(text: string): Promise<string> {
  if (chartWorkerUsable()) {
    try {
      return await markdownInWorker(text);
    } catch {
      // the worker could not start or failed: the page renders it
    }
  }
  return (await import('./markdown.js')).renderMarkdown(text);
}
