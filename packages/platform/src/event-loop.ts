// The period of prom-client's event-loop timer (its default, stated), in a module of its own so that the
// dashboard generator can read it without starting metrics collection.
//
// prom-client's `nodejs_eventloop_lag_*` gauges are percentiles of Node's monitorEventLoopDelay
// histogram, which records the whole interval between two firings of that timer, not how late it
// fired: an idle process reads ~10 ms. The delay (lateness) is the gauge minus this period; the
// dashboards and the bench subtract it (the same correction Elastic's APM agent makes;
// open-telemetry/opentelemetry-js-contrib#2794, nodejs/node#62935).
export const EVENT_LOOP_RESOLUTION_MS = 10;
