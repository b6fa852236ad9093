import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startHarness, type Harness } from './harness.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const has = (command: string, args: string[]) => spawnSync(command, args).status === 0;
const NGINX = has('nginx', ['-v']) && has('openssl', ['version']);
const SYSTEMD_ANALYZE = has('systemd-analyze', ['--version']);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function get(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    client
      .get(url, { rejectUnauthorized: false }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

/** The host deployment's files as documented (docs/operations.md): checked by the tools that would run them. */
describe('the host deployment (deploy/)', () => {
  it.skipIf(!SYSTEMD_ANALYZE)('has a systemd unit systemd-analyze verifies', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-unit-'));
    try {
      fs.copyFileSync(path.join(ROOT, 'deploy/tradepad.service'), path.join(dir, 'tradepad.service'));
      const r = spawnSync('systemd-analyze', ['verify', path.join(dir, 'tradepad.service')], { encoding: 'utf8' });
      expect([r.status, r.stderr]).toEqual([0, '']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  describe.skipIf(!NGINX)('nginx in front, terminating TLS', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-nginx-'));
    let h: Harness | undefined;
    let nginx: ChildProcess | undefined;
    afterAll(async () => {
      nginx?.kill('SIGTERM');
      await h?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('redirects HTTP, serves the server over TLS, upgrades the websocket and keeps /metrics off the public side', async () => {
      h = await startHarness({ env: { TRUST_PROXY: 'loopback' } });
      const [plain, tls] = [await freePort(), await freePort()];
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-subj',
          '/CN=trade.example.com',
          '-days',
          '1',
          '-keyout',
          path.join(dir, 'key.pem'),
          '-out',
          path.join(dir, 'cert.pem'),
        ],
        { stdio: 'pipe' },
      );
      // The documented site, moved onto this test's ports and certificate (IPv4 only: a test machine may lack IPv6).
      const site = fs
        .readFileSync(path.join(ROOT, 'deploy/nginx/tradepad-host.conf'), 'utf8')
        .replace(/^\s*listen \[::\].*$/gm, '')
        .replace('listen 80;', `listen 127.0.0.1:${plain};`)
        .replace('listen 443 ssl http2;', `listen 127.0.0.1:${tls} ssl http2;`)
        .replace('127.0.0.1:8080', new URL(h.baseUrl).host)
        .replace(/\/etc\/letsencrypt\/live\/trade\.example\.com\/fullchain\.pem/, path.join(dir, 'cert.pem'))
        .replace(/\/etc\/letsencrypt\/live\/trade\.example\.com\/privkey\.pem/, path.join(dir, 'key.pem'));
      expect(site).not.toContain('letsencrypt');
      fs.writeFileSync(path.join(dir, 'site.conf'), site);
      const temp = (name: string) => `${name} ${path.join(dir, name.replace(/_path$/, ''))};`;
      fs.writeFileSync(
        path.join(dir, 'nginx.conf'),
        [
          'daemon off;',
          'master_process off;',
          `pid ${path.join(dir, 'nginx.pid')};`,
          `error_log ${path.join(dir, 'error.log')};`,
          'events {}',
          'http {',
          '  access_log off;',
          ...['client_body_temp_path', 'proxy_temp_path', 'fastcgi_temp_path', 'uwsgi_temp_path', 'scgi_temp_path'].map(temp),
          `  include ${path.join(dir, 'site.conf')};`,
          '}',
        ].join('\n'),
      );
      const check = spawnSync('nginx', ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
      expect(check.status, check.stderr).toBe(0);

      nginx = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
      const origin = `https://127.0.0.1:${tls}`;
      for (let i = 0; ; i++) {
        try {
          await get(`${origin}/healthz`);
          break;
        } catch (err) {
          if (i > 50) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }

      const redirect = await get(`http://127.0.0.1:${plain}/trade?x=1`);
      expect([redirect.status, redirect.headers.location]).toEqual([301, `https://127.0.0.1/trade?x=1`]);
      const health = await get(`${origin}/healthz`);
      expect(health.status).toBe(200);
      // The server's own security headers, once (nginx adds none).
      expect(health.headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
      expect((await get(`${origin}/metrics`)).status).toBe(404);

      const socket = new WebSocket(`wss://127.0.0.1:${tls}/v1/ws`, { rejectUnauthorized: false });
      const pong = await new Promise<string>((resolve, reject) => {
        socket.once('open', () => socket.send('ping'));
        socket.once('message', (data) => resolve(data.toString()));
        socket.once('error', reject);
      });
      expect(pong).toBe('pong');
      socket.close();
    }, 60_000);
  });
});
