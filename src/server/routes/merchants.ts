import type { FastifyInstance } from 'fastify';

export default async function merchants(_app: FastifyInstance): Promise<void> {}
