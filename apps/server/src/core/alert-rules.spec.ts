import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Metrics } from './metrics.ts';

/** deploy/prometheus: the alerting rules on /metrics (DESIGN §15) and promtool's tests of them. */
const dir = fileURLToPath(new URL('../../../../deploy/prometheus/', import.meta.url));
/** deploy/grafana: the dashboard over the same metrics. */
const dashboard = fileURLToPath(new URL('../../../../deploy/grafana/tradepad.json', import.meta.url));
const promtool = (...args: string[]) => spawnSync('promtool', args, { cwd: dir, encoding: 'utf8' });
const exprsOf = (panels: Array<{ targets: Array<{ expr: string }> }>) => panels.flatMap((p) => p.targets.map((t) => t.expr));
/** Debian's `prometheus` package installs it; without it the rules are only checked against the metrics' names. */
const hasPromtool = promtool('--version').status === 0;

describe('the Prometheus alerting rules', () => {
  it.each([
    ['the alerting rules', `${dir}alerts.yml`],
    ['the dashboard', dashboard],
  ])('%s name only metrics the server registers', async (_what, file) => {
    const metrics = new Metrics();
    const exposed = await metrics.render().finally(() => metrics.close());
    const named = new Set(fs.readFileSync(file, 'utf8').match(/\btradepad_\w+/g));
    expect(named.size).toBeGreaterThan(4);
    for (const name of named)
      expect(exposed, name).toMatch(new RegExp(`^# TYPE ${name.replace(/_(bucket|count|sum)$/, '')} `, 'm'));
  });

  it.skipIf(!hasPromtool)('pass promtool check rules and its tests of each alert, fired and not', () => {
    const checked = promtool('check', 'rules', 'alerts.yml');
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
    const tested = promtool('test', 'rules', 'alerts.test.yml');
    expect(tested.status, tested.stdout + tested.stderr).toBe(0);
  });

  it.skipIf(!hasPromtool)('leave the dashboard only queries promtool parses (checked as recording rules)', () => {
    const { panels } = JSON.parse(fs.readFileSync(dashboard, 'utf8')) as { panels: Parameters<typeof exprsOf>[0] };
    const rules = exprsOf(panels).map((expr, i) => ({ record: `dashboard:query_${i}`, expr }));
    // JSON is YAML: promtool reads it as a rules file.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-dashboard-')), 'queries.yml');
    fs.writeFileSync(file, JSON.stringify({ groups: [{ name: 'dashboard', rules }] }));
    const checked = promtool('check', 'rules', file);
    fs.rmSync(path.dirname(file), { recursive: true });
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
    expect(checked.stdout).toContain(`${rules.length} rules found`);
  });
});
