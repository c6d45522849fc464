-- wrk script of `npm run bench` (bench/forced-renders.ts): prints the latency percentiles of the
-- URL wrk was given (here /health) as BENCH_JSON, in microseconds.
function done(summary, latency, requests)
  io.write(string.format('BENCH_JSON {"requests":%d,"durationUs":%d,"errors":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d}\n',
    summary.requests, summary.duration, summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
