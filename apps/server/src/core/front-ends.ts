import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CODE_REFUSED } from '@tradepad/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { translate } from '../i18n/translate.ts';
import { isApiPath } from './http-policy.ts';

/**
 * The built front ends: the trader's app at `/` and the back office at `/admin/`, hashed assets cached for a year
 * and their pre-compressed copies served, every other path of theirs answered with their `index.html` (client-side
 * routes). Unknown API paths and other methods answer the envelope's 404. Registered last.
 */
export async function serveFrontEnds(app: FastifyInstance, dists: { web: string; admin: string }): Promise<void> {
  const webDist = path.resolve(dists.web);
  const adminDist = path.resolve(dists.admin);
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  const hasAdmin = fs.existsSync(path.join(adminDist, 'index.html'));
  const immutable = (reply: FastifyReply, file: string) => {
    // Hashed assets never change; index.html must always be fetched fresh.
    void reply.header('cache-control', /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      setHeaders: immutable,
      index: false,
      // The build writes .br and .gz copies beside each file (build/vite-precompress.ts).
      preCompressed: true,
    });
  if (hasAdmin)
    await app.register(fastifyStatic, {
      root: adminDist,
      prefix: '/admin/',
      decorateReply: !hasWeb,
      wildcard: true,
      setHeaders: immutable,
      index: false,
      preCompressed: true,
    });

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (isApiPath(url) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ code: CODE_REFUSED, msg: translate(req.lang, 'err.not_found'), data: null });
    }
    const isAdmin = url === '/admin' || url.startsWith('/admin/');
    const [root, present] = isAdmin ? [adminDist, hasAdmin] : [webDist, hasWeb];
    if (!present) return reply.code(503).type('text/plain').send('The front end is not built yet: run `npm run build`.');
    void reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', root);
  });
  // `/` itself: the app's shell.
  if (hasWeb) app.get('/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', webDist));
  if (hasAdmin) app.get('/admin/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', adminDist));
}
