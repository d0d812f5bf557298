// @cadence/app: the routed single-page app (issue #7), built with Vite and served at `/`.
export {};
