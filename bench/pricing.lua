-- wrk script of `npm run bench` (bench/pricing.ts): POST /api/enroll/workshop/<id> with a discount
-- code and a gift card on every request, each from another parent (its own X-Forwarded-For and
-- e-mail). Arguments after `--`: the workshop id, a run number, the number of wrk threads, the
-- code, the total to send (dollars) and the gift cards' codes (comma-separated, used in turn).
local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  workshop = args[1]
  run = tonumber(args[2]) or 0
  nthreads = tonumber(args[3]) or 1
  code = args[4]
  total = args[5]
  cards = {}
  for c in string.gmatch(args[6], "[^,]+") do table.insert(cards, c) end
  n = 0
  s201, s409, s429, other = 0, 0, 0, 0
end

function request()
  n = n + 1
  local card = cards[((n - 1) * nthreads + id - 1) % #cards + 1]
  local address = string.format("10.%d.%d.%d", (run * 8 + id) % 256, math.floor(n / 256) % 256, n % 256)
  local body = '{"firstName":"Bench","lastName":"Parent","email":"bench-' .. run .. '-' .. id .. '-' .. n ..
    '@example.com","phone":"9725550100","participants":1,"agreeToTerms":true,"totalPrice":' .. total ..
    ',"discountCode":"' .. code .. '","giftCardCode":"' .. card .. '"}'
  return wrk.format("POST", "/api/enroll/workshop/" .. workshop, { ["Content-Type"] = "application/json", ["X-Forwarded-For"] = address }, body)
end

function response(status, headers, body)
  if status == 201 then s201 = s201 + 1
  elseif status == 409 then s409 = s409 + 1
  elseif status == 429 then s429 = s429 + 1
  else other = other + 1 end
end

function done(summary, latency, requests)
  local c = { s201 = 0, s409 = 0, s429 = 0, other = 0 }
  for _, t in ipairs(threads) do
    for k, _ in pairs(c) do c[k] = c[k] + t:get(k) end
  end
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"s201":%d,"s409":%d,"s429":%d,"other":%d,"socketErrors":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), c.s201, c.s409, c.s429, c.other,
    e.connect + e.read + e.write + e.timeout))
end
