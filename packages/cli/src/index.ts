// @cadence/cli: the `cadence` admin command line. It talks to the HTTP API only.
export { buildProgram } from './program';
export { parsePermissionsFile, planUser } from './permission-plan';
export type { DesiredUser, PermissionSpec, UserPlan } from './permission-plan';
