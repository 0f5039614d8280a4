// Probes for a load balancer or an orchestrator: liveness (the process answers) and readiness (its database too).
import { Type, type Static } from 'typebox';

export const Liveness = Type.Object({ status: Type.Literal('ok'), uptime: Type.Integer() });
export type Liveness = Static<typeof Liveness>;

export const Readiness = Type.Object({
  status: Type.Literal('ready'),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
});
export type Readiness = Static<typeof Readiness>;
