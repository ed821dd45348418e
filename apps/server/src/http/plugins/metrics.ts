import type { FastifyInstance } from 'fastify';
import { metrics } from '../../lib/metrics.js';

/**
 * Times every response by its route template (`/api/posts/:id`, not the address asked for, so the
 * series stay few); requests no route matched share `unmatched`.
 */
export function registerHttpMetrics(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
