import { html } from 'htm/preact';
import type { Route } from './route.js';

/** SCAFFOLD: replaced by the page's implementation (issue 15). */
export function SilencesPage(_props: { route: Route }) {
  return html`<p class="muted">This page is being built.</p>`;
}
