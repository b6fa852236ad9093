import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { UserAuth } from '../accounts/auth.ts';
import type { ModuleContext } from '../context.ts';
import { RealtimeGateway } from './realtime.gateway.ts';
import { realtimeRoutes } from './realtime.routes.ts';

/**
 * The websocket gateway (`/v1/ws`, DESIGN §4): it accepts the channels of the contracts' table
 * (`@tradepad/contracts/realtime/channels`) and, subscribed to the bus, writes each message to the sockets that
 * listen, with its per-address and per-socket limits. On close it says goodbye with 1001 (going away) and gives
 * clients a moment to read it, so apps reconnect to another node.
 */
export async function registerRealtime(ctx: ModuleContext, deps: { auth: UserAuth }) {
  const { app, config } = ctx;
  const gateway = new RealtimeGateway(deps.auth, ctx.log, { maxMessagesPerSecond: config.WS_MAX_MESSAGES_PER_SECOND });
  gateway.attach(ctx.bus);
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024, perMessageDeflate: false },
    preClose(this: FastifyInstance, done: () => void) {
      gateway.closeAll();
      const wss = this.websocketServer;
      const deadline = Date.now() + 1000;
      const wait = () => {
        if (wss.clients.size === 0 || Date.now() > deadline) wss.close(() => done());
        else setTimeout(wait, 20);
      };
      wait();
    },
  });
  realtimeRoutes(app, gateway, { maxPerAddress: config.WS_MAX_PER_ADDRESS });
  return { gateway };
}
