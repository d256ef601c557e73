// The satellites' calls on the integration host (spec section 7 "Integration host"; docs/satellites.md):
// GET satellites, GET satellites/explore, GET satellite/{id}, PUT satellite/{id} {disabled}.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { replies } from '../../../runtime/api/schemas';
import { satelliteChangeBody, satelliteExploreSchema, satelliteListSchema, satelliteParams, satelliteSchema } from '../../../runtime/api/satellites';
import type { ServerContext } from '../platform/context';
import { specFor } from '../platform/contract';
import { QUEUE_NAMES } from '../platform/jobs';
import { accountabilityOf } from '../auth/session-hook';
import { changeSatellite, exploreSatellites, getSatellite, listSatellites } from './satellites';

const spec = specFor(['satellites']);
const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

export const satelliteRoutes: FastifyPluginAsync<ServerContext> = async (host, { db, bus, config }) => {
  host.get('/satellites', spec('Every Luma process that takes jobs, newest heartbeat first (operators)', { response: replies({ 200: satelliteListSchema }) }), async (request) =>
    listSatellites(db, accountabilityOf(request), config),
  );
  host.get('/satellites/explore', spec('How to start a satellite (admins)', { response: replies({ 200: satelliteExploreSchema }) }), async (request) =>
    exploreSatellites(accountabilityOf(request), config, QUEUE_NAMES),
  );
  host.get('/satellite/:id', spec('One satellite (operators)', { params: satelliteParams, response: replies({ 200: satelliteSchema }) }), async (request) =>
    getSatellite(db, accountabilityOf(request), config, idOf(request)),
  );
  host.put('/satellite/:id', spec('Disable or enable a satellite: a disabled one takes no jobs (operators)', { params: satelliteParams, body: satelliteChangeBody, response: replies({ 200: satelliteSchema }) }), async (request) =>
    changeSatellite(db, bus, accountabilityOf(request), config, idOf(request), request.body),
  );
};
