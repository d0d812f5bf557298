// @cadence/cli: the `cadence` admin command line (issue #8). It talks to the HTTP API only.
export {};
