import type { FastifyInstance } from 'fastify';

export default async function media(_app: FastifyInstance): Promise<void> {}
