/**
 * Guards both listeners put in front of every request (decisions.md, "Limits"): one address may hold only
 * a bounded number of open connections (so slow clients cannot pile up sockets), and behind a trusted
 * proxy a forwarded value that is not an address is refused instead of becoming a client identity of its
 * own (`X-Forwarded-For: garbage1`, `1.1.1.1:1234` would otherwise each be a fresh address to the limits
 * and to token bindings). Every answer of either listener carries `X-Content-Type-Options: nosniff`.
 */
import { isIP, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.js';
import { addressGroup } from './client-address.js';
import { badRequest, tooManyConnections } from './errors.js';
import { rawResponse } from './fastify-options.js';

export interface ListenerGuardOptions {
  config: Config;
  /** Peers that may hold any number of connections: trusted proxies and exempt addresses. */
  unbounded: (address: string) => boolean;
}

export function guardListener(app: FastifyInstance, { config, unbounded }: ListenerGuardOptions): void {
  capConnectionsPerAddress(app, config.connections.maxPerAddress, unbounded, config);
  // Every answer says its Content-Type is meant (JSON read as JSON, never sniffed into a script or page).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('x-content-type-options', 'nosniff');
    done();
  });
  if (config.trustProxy.length > 0) {
    // Registered before the limits and the bearer check, so neither ever sees such a value.
    app.addHook('onRequest', (request, _reply, done) => {
      if (isIP(request.ip) !== 0) return done();
      done(
        badRequest(
          {
            zh: 'X-Forwarded-For 请求头中的客户端地址不是 IP 地址',
            en: 'The client address in the X-Forwarded-For header is not an IP address',
          },
          { zh: '请检查反向代理的 X-Forwarded-For 设置', en: "Check the proxy's X-Forwarded-For setting" },
        ),
      );
    });
  }
}

function capConnectionsPerAddress(app: FastifyInstance, max: number, unbounded: (address: string) => boolean, config: Config): void {
  const open = new Map<string, number>();
  // First in line, so a refused socket is answered before the HTTP parser reads anything from it.
  app.server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || unbounded(address)) return;
    const group = addressGroup(address);
    const count = (open.get(group) ?? 0) + 1;
    if (count > max) {
      socket.end(rawResponse(tooManyConnections(max), config.language));
      return;
    }
    open.set(group, count);
    socket.once('close', () => {
      const left = (open.get(group) ?? 1) - 1;
      if (left === 0) open.delete(group);
      else open.set(group, left);
    });
  });
}
