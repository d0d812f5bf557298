// @cadence/widgets: React components and custom elements. The planning widgets (issue #5)
// and the ad manager, ideas, events and permissions widgets (issue #6) are exported here.
export {};
