import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Metrics } from './metrics.ts';

/** deploy/prometheus: the alerting rules on /metrics (DESIGN §15) and promtool's tests of them. */
const dir = fileURLToPath(new URL('../../../../deploy/prometheus/', import.meta.url));
const promtool = (...args: string[]) => spawnSync('promtool', args, { cwd: dir, encoding: 'utf8' });
/** Debian's `prometheus` package installs it; without it the rules are only checked against the metrics' names. */
const hasPromtool = promtool('--version').status === 0;

describe('the Prometheus alerting rules', () => {
  it('name only metrics the server registers', async () => {
    const metrics = new Metrics();
    const exposed = await metrics.render().finally(() => metrics.close());
    const named = new Set(fs.readFileSync(`${dir}alerts.yml`, 'utf8').match(/\btradepad_\w+/g));
    expect(named.size).toBeGreaterThan(4);
    for (const name of named) expect(exposed, name).toMatch(new RegExp(`^# TYPE ${name.replace(/_bucket$/, '')} `, 'm'));
  });

  it.skipIf(!hasPromtool)('pass promtool check rules and its tests of each alert, fired and not', () => {
    const checked = promtool('check', 'rules', 'alerts.yml');
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
    const tested = promtool('test', 'rules', 'alerts.test.yml');
    expect(tested.status, tested.stdout + tested.stderr).toBe(0);
  });
});
