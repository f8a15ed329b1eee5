/**
 * The Redis store's writes, each one Lua script so that a run's record moves
 * atomically however many replicas write to it. Keys, under the prefix P:
 *
 *   P runs         ZSET   runIds by first-seen order (the run index)
 *   P order        STRING the order counter
 *   P run:<id>     HASH   the run's summary, `seq`, `open`, `bytes`, `evicted`
 *   P events:<id>  STREAM entries `<seq>-0` {l: line, b: bytes, i: SSE id}
 *   P ids:<id>     SET    the SSE ids kept (a repeat through another replica is dropped)
 *
 * Every write refreshes the run's TTL; the index drops runs whose hash expired
 * when it is read. In Redis Cluster, give the prefix a hash tag (`{oz}:inspect:`)
 * so that every key lives in one slot.
 */

/** Shared Lua: the key of a run's part, and eviction (the record goes; the hash stays a minute, flagged, for its followers). */
const PRELUDE = `
local prefix = ARGV[1]
local function key(part, id) return prefix .. part .. ':' .. id end
local function touch(id, ttl)
  redis.call('EXPIRE', key('run', id), ttl)
  redis.call('EXPIRE', key('events', id), ttl)
  redis.call('EXPIRE', key('ids', id), ttl)
end
local function evict(id)
  redis.call('ZREM', prefix .. 'runs', id)
  redis.call('DEL', key('events', id), key('ids', id))
  if redis.call('EXISTS', key('run', id)) == 1 then
    redis.call('HSET', key('run', id), 'evicted', '1')
    redis.call('EXPIRE', key('run', id), 60)
  end
end
`;

/**
 * A stream of a run opened (or, with `rejoin`, the run is written again after
 * the store came back empty). ARGV: prefix, runId, threadId, agent, tenant,
 * startedAt, maxRuns, ttl, openDelta, status, open-if-new, seq-if-new. A run of the same
 * id in another thread replaces the old one; past maxRuns the oldest ended
 * run is evicted (the oldest of all when every run streams).
 */
export const JOIN = `${PRELUDE}
local id, threadId, agent, tenant = ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local startedAt, maxRuns, ttl, delta = ARGV[6], tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9])
local run = key('run', id)
local cur = redis.call('HMGET', run, 'threadId', 'agent', 'tenant', 'evicted', 'status')
if cur[4] == '1' and delta == 0 then return -2 end
if cur[1] and cur[4] ~= '1' then
  if cur[1] == threadId and cur[2] == agent and cur[3] == tenant then
    if delta ~= 0 then redis.call('HINCRBY', run, 'open', delta) end
    if delta > 0 and cur[5] == 'dropped' then
      redis.call('HSET', run, 'status', 'running')
      redis.call('HDEL', run, 'endedAt')
    end
    touch(id, ttl)
    return 0
  end
  evict(id)
end
redis.call('DEL', run, key('events', id), key('ids', id))
local runs = prefix .. 'runs'
while redis.call('ZCARD', runs) >= maxRuns do
  local all = redis.call('ZRANGE', runs, 0, -1)
  local victim = all[1]
  for _, other in ipairs(all) do
    local s = redis.call('HGET', key('run', other), 'status')
    if not s or s ~= 'running' then victim = other break end
  end
  evict(victim)
end
redis.call('HSET', run, 'runId', id, 'threadId', threadId, 'agent', agent, 'tenant', tenant, 'startedAt', startedAt,
  'status', ARGV[10], 'events', 0, 'dropped', 0, 'seq', ARGV[12], 'open', ARGV[11], 'bytes', 0)
redis.call('ZADD', runs, redis.call('INCR', prefix .. 'order'), id)
touch(id, ttl)
return 1
`;

/**
 * Events of a run, in order: each counted, its end noted, and kept (line not
 * empty) within the bounds, the oldest going first. ARGV: prefix, runId,
 * maxEvents, maxBytes, ttl, lost, then 5 per event: sseId, line, bytes,
 * terminal status, time. `lost` > 0 counts events this process could not
 * write while the store was down (as events and as dropped). Returns the
 * last kept event's sequence number (0 when none was kept), -1 when the run
 * is not in the store, -2 when the store evicted it (so do the other writes).
 */
export const APPEND = `${PRELUDE}
local id = ARGV[2]
local maxEvents, maxBytes, ttl, lost = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local run, events, ids = key('run', id), key('events', id), key('ids', id)
local st = redis.call('HMGET', run, 'status', 'evicted', 'bytes')
if not st[1] then return -1 end
if st[2] == '1' then return -2 end
local status, total, counted, dropped, seq = st[1], tonumber(st[3]) or 0, lost, lost, 0
local len = redis.call('XLEN', events)
for at = 7, #ARGV, 5 do
  local sseId, line, bytes, terminal = ARGV[at], ARGV[at + 1], tonumber(ARGV[at + 2]), ARGV[at + 3]
  if sseId == '' or redis.call('SADD', ids, sseId) == 1 then
    counted = counted + 1
    if terminal ~= '' and (status == 'running' or status == 'dropped') then
      status = terminal
      redis.call('HSET', run, 'status', terminal, 'endedAt', ARGV[at + 4])
    end
    if line == '' then
      dropped = dropped + 1
    else
      seq = redis.call('HINCRBY', run, 'seq', 1)
      redis.call('XADD', events, seq .. '-0', 'l', line, 'b', bytes, 'i', sseId)
      total, len = total + bytes, len + 1
      while len > 1 and (len > maxEvents or total > maxBytes) do
        local first = redis.call('XRANGE', events, '-', '+', 'COUNT', 1)[1]
        local fields, b, i = first[2], 0, ''
        for k = 1, #fields, 2 do
          if fields[k] == 'b' then b = tonumber(fields[k + 1]) elseif fields[k] == 'i' then i = fields[k + 1] end
        end
        redis.call('XDEL', events, first[1])
        if i ~= '' then redis.call('SREM', ids, i) end
        total, len, dropped = total - b, len - 1, dropped + 1
      end
    end
  end
end
redis.call('HINCRBY', run, 'events', counted)
redis.call('HINCRBY', run, 'dropped', dropped)
redis.call('HSET', run, 'bytes', total)
touch(id, ttl)
return seq
`;

/** An event lost before it was recorded. ARGV: prefix, runId, ttl. */
export const SKIP = `${PRELUDE}
local run = key('run', ARGV[2])
if redis.call('EXISTS', run) == 0 then return -1 end
if redis.call('HGET', run, 'evicted') == '1' then return -2 end
redis.call('HINCRBY', run, 'events', 1)
redis.call('HINCRBY', run, 'dropped', 1)
touch(ARGV[2], tonumber(ARGV[3]))
return 1
`;

/** A stream of a run ended; the last one leaves a run that did not end `dropped`. ARGV: prefix, runId, now, ttl. */
export const CLOSE = `${PRELUDE}
local run = key('run', ARGV[2])
local st = redis.call('HMGET', run, 'status', 'evicted')
if not st[1] then return -1 end
if st[2] == '1' then return -2 end
local open = redis.call('HINCRBY', run, 'open', -1)
if open < 0 then redis.call('HSET', run, 'open', 0) open = 0 end
if open == 0 and st[1] == 'running' then redis.call('HSET', run, 'status', 'dropped', 'endedAt', ARGV[3]) end
touch(ARGV[2], tonumber(ARGV[4]))
return 1
`;

/** Whose run it is, kept once. ARGV: prefix, runId, person. */
export const PERSON = `${PRELUDE}
local run = key('run', ARGV[2])
if redis.call('EXISTS', run) == 0 then return -1 end
redis.call('HSETNX', run, 'person', ARGV[3])
return 1
`;
