import path from 'node:path';
import type { ModuleContext } from '../context.ts';
import type { Throttle } from '../throttle/throttle.ts';
import { uploadsRoutes } from './uploads.routes.ts';
import { UploadsService } from './uploads.service.ts';

/**
 * Uploaded images (real-name documents, payment proofs, support attachments). On PostgreSQL they are kept in the
 * database, so any node serves any of them (issue 19 point 5); SQLite (one node) keeps them as files under
 * DATA_DIR/uploads, out of the one writer's way. File links are signed with a key kept in the settings table.
 */
export async function registerUploads(ctx: ModuleContext, deps: { throttle: Throttle }) {
  const uploads = await UploadsService.create({
    db: ctx.db,
    dir: path.join(ctx.config.DATA_DIR, 'uploads'),
    clock: ctx.clock,
    settings: ctx.settingsStore,
    inDatabase: ctx.database.kind === 'postgres',
    limit: (userId) => deps.throttle.upload(userId),
  });
  uploadsRoutes(ctx.router, ctx.app, uploads);
  return { uploads };
}
