-- wrk script of `npm run bench` (bench/forced-renders.ts): GET <path>?x=<random>, a query string
-- the page does not know, new on every request, as a visitor trying to force server renders would.
-- Arguments after `--`: the path (default /schedule). Prints BENCH_JSON with the answers by status.
local counts = {}
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  path = args[1] or "/schedule"
  math.randomseed(os.time() + math.floor(os.clock() * 1e6))
  s2xx, s503, other = 0, 0, 0
end

function request()
  return wrk.format("GET", path .. "?x=" .. math.random(1, 2147483647) .. "-" .. math.random(1, 2147483647))
end

function response(status)
  if status >= 200 and status < 300 then s2xx = s2xx + 1
  elseif status == 503 then s503 = s503 + 1
  else other = other + 1 end
end

function done(summary, latency, requests)
  local ok, busy, rest = 0, 0, 0
  for _, t in ipairs(threads) do
    ok = ok + t:get("s2xx")
    busy = busy + t:get("s503")
    rest = rest + t:get("other")
  end
  io.write(string.format('BENCH_JSON {"requests":%d,"durationUs":%d,"s2xx":%d,"s503":%d,"other":%d,"p99Us":%d}\n',
    summary.requests, summary.duration, ok, busy, rest, latency:percentile(99)))
end
