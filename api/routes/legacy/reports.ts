import { htmlEscape } from '../../../services/reports/index.js';
import { pathParam } from '../../http/params.js';
import type { RouteGroup } from '../../http/router.js';
import { json, networkParam, type ApiContext } from '../context.js';

/**
 * Legacy reports (docs/api.md "Reports"): the network's report list (`{network, reports:[{fileName,
 * createdAt}]}`, newest first), `/reports` (every report file as an HTML list) and
 * `/reports/:report_file` (the file with its content type; a name that is not a report file's —
 * `..`, `/`, `\`, NUL, encoded forms — or that does not exist: 404 UNKNOWN_REPORT).
 * The list is in the legacy API's group (`router`, `/api`); the files are outside it, under
 * `/reports` of the router itself (`root`).
 */
export function registerLegacyReports(router: RouteGroup, ctx: ApiContext, root: RouteGroup): void {
  const s = ctx.services.reports;
  router.get('/ui/networks/:netid/reports', async (req) => {
    const net = networkParam(ctx, req, 'netid');
    return json({ network: String(net.id), reports: await s.legacyList(net.id) });
  });
  root.get('/reports', async () => {
    const files = await s.allFiles();
    const rows = files.map((f) => {
      const n = htmlEscape(f.fileName);
      return `<li><a href="/reports/${encodeURIComponent(f.fileName)}">${n}</a> — ${htmlEscape(new Date(f.createdAtMs).toISOString())}</li>`;
    });
    const body = ['<!DOCTYPE html>', '<html lang="en"><head><meta charset="utf-8"><title>Reports</title></head><body>', '<h1>Reports</h1>',
      files.length === 0 ? '<p>No reports yet.</p>' : `<ul>\n${rows.join('\n')}\n</ul>`, '</body></html>', ''].join('\n');
    return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body };
  });
  root.get('/reports/:report_file', async (req) => {
    const f = await s.read(pathParam(req, 'report_file'));
    return { status: 200, headers: { 'content-type': f.contentType, 'x-content-type-options': 'nosniff' }, body: f.body };
  });
}
