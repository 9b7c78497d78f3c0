// The period of prom-client's event-loop timer, in a module of its own so that the dashboard generator can
// read it without starting metrics collection.
//
// prom-client's `nodejs_eventloop_lag_*` gauges are percentiles of Node's monitorEventLoopDelay
// histogram, which records the whole interval between two firings of that timer, not how late it
// fired: an idle process reads about the period. The delay (lateness) is the gauge minus the period; the
// dashboards and the bench subtract it (the same correction Elastic's APM agent makes;
// open-telemetry/opentelemetry-js-contrib#2794, nodejs/node#62935).
//
// 20 ms, not prom-client's default 10: the timer wakes an idle process at every firing, and on this
// machine class each wake-up costs ~85 µs of CPU (issue 18: an idle Node process with the monitor used
// 0.85 % of a core at 10 ms, 0.43 % at 20, 0.01 % without; seven processes per fleet). What it measures
// is how late the timer fires, the residue of the turn running when it fell due, which does not depend
// on the period; a 5 s bench phase still gets ~250 readings.
export const EVENT_LOOP_RESOLUTION_MS = 20;
