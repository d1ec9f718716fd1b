// A hand-written C++17 peer of FaultSim's reference checkout
// (scenarios/checkout-reference.json in the request world): the yardstick
// that Benchmarks/whole-process.sh runs next to `faultsim run`, so that a
// figure of FaultSim's can be read against what a plain program of exactly
// the same model costs on the same machine, in the same run.
//
//   c++ -O2 -std=c++17 -o checkout Benchmarks/cpp-checkout/checkout.cpp
//   ./checkout [--orders N] [--over SECONDS] [--seed S] [--runs R]
//
// The model, as FaultSim's request world runs the scenario (see
// Sources/FaultSim/Worlds/Request; Benchmarks/README.md lists the files):
//
// - N orders (100,000) start at the order statistics of N uniform times on
//   [0, over] (10 s), drawn exactly by normalised exponential spacings, as
//   ArrivalSchedule does; each start is an event, and only the next start
//   is pending (the starts are a sorted array merged with the wheel).
// - Every attempt of an order is a keyless write. The request is lost with
//   probability 5%; otherwise it reaches the server after a one-way latency
//   uniform on [20 ms, 80 ms] (integer ns, both ends included). The server
//   processes it in zero time (the scenario sets no server.processing) and
//   applies it: a keyless write carries no key, so every arriving attempt is
//   applied. Its response is lost with probability 10%; otherwise it
//   reaches the client after another one-way latency.
// - The client waits 1 s for an answer. A timeout is ambiguous (the write
//   may have applied), and the naive client retries it anyway, up to 3
//   attempts, after exponential backoff with full jitter: before retry n
//   (n = 0 before the second attempt) it waits U{0 .. min(2 s, 100 ms·2ⁿ)}
//   ns. After the third timeout it gives up, uncertain.
// - Timeouts are armed lazily, as RequestClient does: an attempt's deadline
//   is set when it is sent, but a timeout event is scheduled only once the
//   world knows that no answer can arrive strictly before the deadline (the
//   request or the response was lost, or the response would arrive at or
//   after the deadline). So an event is one of: start, send (a retry after
//   its backoff), arrive (a request at the server), respond (a response at
//   the client), timeout. FaultSim counts exactly these, so the event
//   counts agree in distribution: per order 1 + 1.95·attempts + retries,
//   about 343,977 per 100,000 orders on average (FaultSim's seed 1 has
//   344,532; ours differ seed by seed because the random numbers do).
// - The response-vs-timeout race of FaultSim (races.window = 0) can only
//   happen when a response arrives exactly at its deadline; responses come
//   within 160 ms of a 1 s deadline here, so it never does, and neither does
//   a late response. Both checks are kept, as in FaultSim, but they never
//   fire in this scenario.
//
// What differs on purpose: the random numbers. FaultSim draws each decision
// from a keyed hash of (seed, order, purpose, message); this peer draws from
// one xoshiro256** stream seeded by SplitMix64(seed), in event order. The
// distributions are the same, so its metrics agree statistically (the
// duplicate rate's closed form is 9.9275%; the script checks it), not seed
// by seed.
//
// How it is built for speed: an integer-ns clock; each pending event packed
// into one 64-bit key (its time within a 2^18-ns bucket, then order, kind
// and attempt number); a hashed timing wheel of 2^18-ns buckets as the
// pending set (every event is scheduled less than the wheel's span ahead, so
// a bucket's lap is unambiguous), each bucket sorted when the wheel reaches
// it; 18 bytes of state per order (start time, deadline, 16 bits of flags
// and counters) in three flat arrays; no allocation per event (bucket
// vectors keep their capacity from lap to lap and run to run).
//
// Output: the metrics as `faultsim run` prints them (succeeded, duplicated,
// lost, uncertain, applied writes, attempts, events, completion p50/p99 from
// a histogram of FaultSim's layout, all done at) and the time of the
// simulation itself, measured in the process (arrival schedule included,
// process start-up and printing excluded).
// With --runs R it runs seeds S … S+R-1 in one process, reusing its storage,
// prints one row per seed, then the metrics summed over the runs and the
// run time's median.

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace {

using Time = int64_t;  // virtual time, nanoseconds since the run's start

constexpr Time kMillisecond = 1'000'000;
constexpr Time kSecond = 1'000'000'000;
constexpr Time kNever = std::numeric_limits<Time>::max();

// The scenario's numbers (scenarios/checkout-reference.json).
struct Scenario {
  uint64_t orders = 100'000;
  Time over = 10 * kSecond;
  Time latencyMin = 20 * kMillisecond;
  Time latencyMax = 80 * kMillisecond;
  double requestLoss = 0.05;
  double responseLoss = 0.10;
  Time timeout = 1 * kSecond;
  unsigned attempts = 3;
  Time backoffBase = 100 * kMillisecond;
  Time backoffCap = 2 * kSecond;
};

// ---------------------------------------------------------------------------
// Randomness: xoshiro256** (Blackman & Vigna), seeded by SplitMix64.

uint64_t splitMix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

// The high and low words of a 64 × 64-bit product.
inline uint64_t multiplyFull(uint64_t a, uint64_t b, uint64_t& low) {
#if defined(__SIZEOF_INT128__)
  const unsigned __int128 product = static_cast<unsigned __int128>(a) * b;
  low = static_cast<uint64_t>(product);
  return static_cast<uint64_t>(product >> 64);
#else
  const uint64_t aLow = a & 0xFFFFFFFFu, aHigh = a >> 32;
  const uint64_t bLow = b & 0xFFFFFFFFu, bHigh = b >> 32;
  const uint64_t ll = aLow * bLow, lh = aLow * bHigh, hl = aHigh * bLow, hh = aHigh * bHigh;
  const uint64_t middle = (ll >> 32) + (lh & 0xFFFFFFFFu) + (hl & 0xFFFFFFFFu);
  low = (middle << 32) | (ll & 0xFFFFFFFFu);
  return hh + (lh >> 32) + (hl >> 32) + (middle >> 32);
#endif
}

class Xoshiro256 {
 public:
  explicit Xoshiro256(uint64_t seed) {
    for (uint64_t& word : s_) word = splitMix64(seed);
  }

  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // An unbiased integer in 0 ..< bound (Lemire's method), bound > 0.
  uint64_t below(uint64_t bound) {
    uint64_t low;
    uint64_t high = multiplyFull(next(), bound, low);
    if (low < bound) {
      const uint64_t threshold = (0 - bound) % bound;
      while (low < threshold) high = multiplyFull(next(), bound, low);
    }
    return high;
  }

  // A uniform double in (0, 1], as FaultSim's openUnit.
  double openUnit() { return static_cast<double>((next() >> 11) + 1) * 0x1p-53; }

 private:
  uint64_t s_[4];
};

// `true` with probability p: one word against p·2⁶⁴.
struct Chance {
  uint64_t threshold = 0;
  explicit Chance(double p) : threshold(p >= 1 ? ~uint64_t{0} : static_cast<uint64_t>(std::ldexp(p, 64))) {}
  bool happens(Xoshiro256& random) const { return random.next() < threshold; }
};

// ---------------------------------------------------------------------------
// The pending set: a hashed timing wheel of 64-bit keys.

// An event's payload: the order, what happens, and the attempt it is about.
enum class Kind : uint64_t { send = 0, arrive = 1, respond = 2, timeout = 3 };
constexpr int kKindShift = 2;
constexpr int kOrderShift = 4;
constexpr uint64_t kSequenceMask = 3;  // attempt numbers 1…3

inline uint64_t payload(uint64_t order, Kind kind, unsigned sequence) {
  return (order << kOrderShift) | (static_cast<uint64_t>(kind) << kKindShift) | sequence;
}

// Buckets of 2^18 ns (262 µs, about 7 events each in the reference run;
// from 2^16 to 2^20 the run time differs by a few percent here, and 2^18 was
// quickest: wider buckets cost more sorting, narrower ones more empty
// steps). A key is the event's time within its bucket, then its payload, so
// sorting a bucket's keys orders its events by time (ties by payload: two
// events of one order never share an instant in this model, and orders do
// not interact, so the order of a tie cannot change a result). The bucket
// of time t is (t >> 18) mod W; every push is less than W − 1 buckets ahead
// of now, so each bucket holds events of one lap only and the lap need not
// be stored.
class TimingWheel {
 public:
  static constexpr int kBucketBits = 18;
  static constexpr Time kBucketWidth = Time{1} << kBucketBits;

  // A wheel for payloads of `payloadBits` bits and pushes at most `horizon`
  // ahead of now, each bucket's storage reserved for about `eventsPerSecond`
  // (so that a whole-process run does not spend its first lap growing them).
  TimingWheel(int payloadBits, Time horizon, double eventsPerSecond) : payloadBits_(payloadBits) {
    if (payloadBits + kBucketBits > 64) {
      std::fprintf(stderr, "Error: too many orders for a 64-bit event key\n");
      std::exit(64);
    }
    size_t count = 2;
    while (static_cast<Time>(count - 1) * kBucketWidth <= horizon) count *= 2;
    buckets_.resize(count);
    const double perBucket = eventsPerSecond * static_cast<double>(kBucketWidth) / 1e9;
    const size_t reserve = static_cast<size_t>(std::min(2 * perBucket + 4, 4096.0));
    for (auto& bucket : buckets_) bucket.reserve(reserve);
    mask_ = count - 1;
    span_ = static_cast<Time>(count - 1) * kBucketWidth;
    payloadMask_ = (uint64_t{1} << payloadBits) - 1;
  }

  // Empties the wheel (keeping every bucket's storage) and sets now.
  void reset(Time now) {
    for (auto& bucket : buckets_) bucket.clear();
    count_ = 0;
    jumpTo(now);
  }

  size_t bucketCount() const { return buckets_.size(); }

  // Schedules `payload` at `time` ≥ now.
  void push(Time time, Time now, uint64_t payload) {
    if (time - now >= span_) {
      std::fprintf(stderr, "internal error: an event %" PRId64 " ns ahead, past the wheel's span\n", time - now);
      std::abort();
    }
    const uint64_t key = (static_cast<uint64_t>(time & (kBucketWidth - 1)) << payloadBits_) | payload;
    const size_t index = static_cast<size_t>(time >> kBucketBits) & mask_;
    std::vector<uint64_t>& bucket = buckets_[index];
    if (index == cursor_) {
      // The bucket being drained is sorted from `position_` on.
      bucket.insert(std::upper_bound(bucket.begin() + static_cast<std::ptrdiff_t>(position_), bucket.end(), key), key);
    } else {
      bucket.push_back(key);
    }
    ++count_;
  }

  // Pops the earliest event strictly before `limit`, if there is one.
  bool popBefore(Time limit, Time& time, uint64_t& payload) {
    for (;;) {
      std::vector<uint64_t>& bucket = buckets_[cursor_];
      if (position_ < bucket.size()) {
        const uint64_t key = bucket[position_];
        const Time when = base_ + static_cast<Time>(key >> payloadBits_);
        if (when >= limit) return false;
        ++position_;
        --count_;
        time = when;
        payload = key & payloadMask_;
        return true;
      }
      bucket.clear();
      position_ = 0;
      if (count_ == 0) return false;
      const Time next = base_ + kBucketWidth;
      if (next >= limit) return false;
      base_ = next;
      cursor_ = (cursor_ + 1) & mask_;
      std::vector<uint64_t>& reached = buckets_[cursor_];
      if (reached.size() > 1) std::sort(reached.begin(), reached.end());
    }
  }

  // Time moves on to `now` (a start) while nothing is pending.
  void advanceIfEmpty(Time now) {
    if (count_ == 0) jumpTo(now);
  }

 private:
  void jumpTo(Time now) {
    buckets_[cursor_].clear();
    base_ = now & ~(kBucketWidth - 1);
    cursor_ = static_cast<size_t>(now >> kBucketBits) & mask_;
    position_ = 0;
  }

  std::vector<std::vector<uint64_t>> buckets_;
  size_t mask_ = 0;
  Time span_ = 0;
  int payloadBits_;
  uint64_t payloadMask_ = 0;
  Time base_ = 0;        // start of the current bucket
  size_t cursor_ = 0;    // the current bucket
  size_t position_ = 0;  // next key of the current bucket
  size_t count_ = 0;     // pending events
};

// ---------------------------------------------------------------------------
// Completion times: a log-linear histogram, FaultSim's DurationHistogram
// layout (HdrHistogram's): exact below 128 ns, then 128 sub-buckets per
// power of two; a percentile is the nearest rank's bucket midpoint, clamped
// to the smallest and largest values recorded. No sorting, fixed storage.

class DurationHistogram {
 public:
  static constexpr int kSubBucketBits = 7;
  static constexpr uint64_t kSubBuckets = uint64_t{1} << kSubBucketBits;
  static constexpr size_t kBuckets = (64 - kSubBucketBits + 1) * kSubBuckets;

  DurationHistogram() : counts_(kBuckets, 0) {}

  void clear() {
    std::fill(counts_.begin(), counts_.end(), uint64_t{0});
    count_ = 0;
    smallest_ = ~uint64_t{0};
    largest_ = 0;
  }

  void record(uint64_t value) {
    ++counts_[index(value)];
    ++count_;
    smallest_ = std::min(smallest_, value);
    largest_ = std::max(largest_, value);
  }

  uint64_t count() const { return count_; }

  Time quantile(double q) const {
    if (count_ == 0) return 0;
    uint64_t rank = static_cast<uint64_t>(std::ceil(q * static_cast<double>(count_)));
    rank = std::max<uint64_t>(rank, 1);
    uint64_t seen = 0;
    for (size_t i = 0; i < kBuckets; ++i) {
      seen += counts_[i];
      if (seen >= rank) {
        uint64_t lower, width;
        range(i, lower, width);
        const uint64_t middle = lower + width / 2;
        return static_cast<Time>(std::min(largest_, std::max(smallest_, middle)));
      }
    }
    return static_cast<Time>(largest_);
  }

 private:
  static size_t index(uint64_t value) {
    if (value < kSubBuckets) return static_cast<size_t>(value);
#if defined(__GNUC__)
    const int exponent = 63 - __builtin_clzll(value);
#else
    int exponent = 63;
    while (!(value >> exponent)) --exponent;
#endif
    const uint64_t mantissa = value >> (exponent - kSubBucketBits);
    return static_cast<size_t>(static_cast<uint64_t>(exponent - kSubBucketBits + 1) * kSubBuckets +
                               (mantissa - kSubBuckets));
  }

  static void range(size_t index, uint64_t& lower, uint64_t& width) {
    if (index < kSubBuckets) {
      lower = index;
      width = 1;
      return;
    }
    const int exponent = static_cast<int>(index / kSubBuckets) + kSubBucketBits - 1;
    const uint64_t mantissa = index % kSubBuckets + kSubBuckets;
    width = uint64_t{1} << (exponent - kSubBucketBits);
    lower = mantissa * width;
  }

  std::vector<uint64_t> counts_;
  uint64_t count_ = 0;
  uint64_t smallest_ = ~uint64_t{0};
  uint64_t largest_ = 0;
};

// ---------------------------------------------------------------------------
// The model.

// An order's 16 bits of state, next to its start time and deadline.
namespace bits {
constexpr uint16_t sequence = 0x0003;     // attempts sent, 0…3
constexpr uint16_t applied = 0x000C;      // times the server applied it, 0…3
constexpr int appliedShift = 2;
constexpr uint16_t awaiting = 0x0010;     // waits for the answer to `sequence`
constexpr uint16_t armed = 0x0020;        // its timeout is pending
constexpr uint16_t outcome = 0x00C0;      // pending, succeeded, uncertain, failed
constexpr int outcomeShift = 6;
constexpr uint16_t ambiguous = 0x0100;    // some attempt failed ambiguously
}  // namespace bits

enum Outcome : uint16_t { pending = 0, succeeded = 1, uncertain = 2, failed = 3 };

struct Metrics {
  uint64_t orders = 0, succeeded = 0, failed = 0, uncertain = 0, duplicated = 0, lost = 0;
  uint64_t applied = 0, attempts = 0, events = 0;
  Time completionP50 = 0, completionP99 = 0, allDoneAt = 0;
  double runNanoseconds = 0;

  void add(const Metrics& run) {
    orders += run.orders;
    succeeded += run.succeeded;
    failed += run.failed;
    uncertain += run.uncertain;
    duplicated += run.duplicated;
    lost += run.lost;
    applied += run.applied;
    attempts += run.attempts;
    events += run.events;
  }
};

class Checkout {
 public:
  explicit Checkout(const Scenario& scenario)
      : s_(scenario),
        requestLoss_(scenario.requestLoss),
        responseLoss_(scenario.responseLoss),
        // About 3.44 events per order (see the header).
        wheel_(payloadBits(scenario.orders), horizon(scenario),
               3.5 * static_cast<double>(scenario.orders) / (static_cast<double>(scenario.over) / 1e9)),
        // Left uninitialised: every slot is written before it is read.
        start_(new Time[scenario.orders]),
        deadline_(new Time[scenario.orders]),
        state_(new uint16_t[scenario.orders]) {
    if (scenario.attempts < 1 || scenario.attempts > kSequenceMask) {
      std::fprintf(stderr, "Error: the event key holds attempt numbers 1...%" PRIu64 "\n", kSequenceMask);
      std::exit(64);
    }
  }

  static size_t bytesPerOrder() { return sizeof(Time) + sizeof(Time) + sizeof(uint16_t); }
  size_t wheelBuckets() const { return wheel_.bucketCount(); }

  Metrics run(uint64_t seed) {
    const auto began = std::chrono::steady_clock::now();
    random_ = Xoshiro256(seed);
    fillArrivals();
    std::fill(state_.get(), state_.get() + s_.orders, uint16_t{0});
    wheel_.reset(0);
    completion_.clear();
    allDoneAt_ = 0;
    now_ = 0;
    uint64_t events = 0;
    const uint64_t orders = s_.orders;
    uint64_t nextStart = 0;
    Time time;
    uint64_t payload;
    for (;;) {
      const Time limit = nextStart < orders ? start_[nextStart] : kNever;
      if (wheel_.popBefore(limit, time, payload)) {
        now_ = time;
        handle(payload);
        ++events;
        continue;
      }
      if (nextStart == orders) break;
      now_ = limit;
      wheel_.advanceIfEmpty(now_);
      begin(nextStart++);
      ++events;
    }
    Metrics metrics = collect(events);
    const auto ended = std::chrono::steady_clock::now();
    metrics.runNanoseconds = std::chrono::duration<double, std::nano>(ended - began).count();
    return metrics;
  }

 private:
  static int payloadBits(uint64_t orders) {
    int bitsForOrders = 1;
    while (bitsForOrders < 63 && (uint64_t{1} << bitsForOrders) < orders) ++bitsForOrders;
    return bitsForOrders + kOrderShift;
  }

  // The furthest ahead of now anything is scheduled: a timeout, a
  // latency, a backoff.
  static Time horizon(const Scenario& s) {
    return std::max({s.timeout, s.latencyMax, std::min(s.backoffCap, s.backoffBase << (s.attempts - 1))});
  }

  // The start times: order statistics of `orders` uniform times on
  // [0, over], W·(E₀ + … + E_i)/S with S = E₀ + … + E_orders, E_i ~ Exp(1).
  // The running sums are kept as doubles in the start array itself, then
  // scaled in place, so the schedule needs no second array.
  void fillArrivals() {
    static_assert(sizeof(double) == sizeof(Time), "a running sum is stored in a start slot");
    double sum = 0;
    Time* const starts = start_.get();
    const uint64_t orders = s_.orders;
    for (uint64_t i = 0; i < orders; ++i) {
      sum += -std::log(random_.openUnit());
      std::memcpy(&starts[i], &sum, sizeof sum);
    }
    sum += -std::log(random_.openUnit());
    const double scale = static_cast<double>(s_.over) / sum;
    for (uint64_t i = 0; i < orders; ++i) {
      double cumulative;
      std::memcpy(&cumulative, &starts[i], sizeof cumulative);
      starts[i] = std::min(s_.over, static_cast<Time>(cumulative * scale + 0.5));
    }
  }

  // One one-way latency, uniform on [latencyMin, latencyMax] ns.
  Time latency() {
    const uint64_t span = static_cast<uint64_t>(s_.latencyMax - s_.latencyMin);
    return s_.latencyMin + static_cast<Time>(random_.below(span + 1));
  }

  void schedule(Time time, uint64_t order, Kind kind, unsigned sequence) {
    wheel_.push(time, now_, payload(order, kind, sequence));
  }

  void handle(uint64_t event) {
    const uint64_t order = event >> kOrderShift;
    const unsigned sequence = static_cast<unsigned>(event & kSequenceMask);
    switch (static_cast<Kind>((event >> kKindShift) & 3)) {
      case Kind::send: sendAttempt(order); break;
      case Kind::arrive: arrive(order, sequence); break;
      case Kind::respond: respond(order, sequence); break;
      case Kind::timeout: timeout(order, sequence); break;
    }
  }

  bool awaits(uint64_t order, unsigned sequence) const {
    const uint16_t state = state_[order];
    return (state & bits::awaiting) && (state & bits::sequence) == sequence;
  }

  // The user places the order; its first attempt goes out.
  void begin(uint64_t order) { sendAttempt(order); }

  void sendAttempt(uint64_t order) {
    uint16_t state = state_[order];
    const unsigned sequence = (state & bits::sequence) + 1u;
    state = static_cast<uint16_t>((state & ~(bits::sequence | bits::armed)) | sequence | bits::awaiting);
    const Time deadline = now_ + s_.timeout;
    deadline_[order] = deadline;
    if (requestLoss_.happens(random_)) {
      state |= bits::armed;
      state_[order] = state;
      schedule(deadline, order, Kind::timeout, sequence);
      return;
    }
    state_[order] = state;
    const Time arrival = now_ + latency();
    armTimeoutIfReachedBy(order, sequence, arrival);
    schedule(arrival, order, Kind::arrive, sequence);
  }

  // The server applies the keyless write at once and answers 200.
  void arrive(uint64_t order, unsigned sequence) {
    uint16_t state = state_[order];
    state = static_cast<uint16_t>(state + (1u << bits::appliedShift));
    state_[order] = state;
    if (responseLoss_.happens(random_)) {
      armTimeout(order, sequence);
      return;
    }
    const Time arrival = now_ + latency();
    // A response at or after its deadline loses to the timeout (the race
    // window is zero, and a response exactly at the deadline is the only
    // tie; it cannot happen here, as responses come within 160 ms).
    if (awaits(order, sequence) && arrival >= deadline_[order]) armTimeout(order, sequence);
    schedule(arrival, order, Kind::respond, sequence);
  }

  void respond(uint64_t order, unsigned sequence) {
    if (!awaits(order, sequence)) return;  // a late response
    finish(order, succeeded);
  }

  void timeout(uint64_t order, unsigned sequence) {
    if (!awaits(order, sequence)) return;  // answered first
    uint16_t state = state_[order];
    state = static_cast<uint16_t>((state & ~bits::awaiting) | bits::ambiguous);  // it may have applied
    state_[order] = state;
    // The naive client retries a keyless write whose outcome is unknown.
    const unsigned tries = state & bits::sequence;
    if (tries >= s_.attempts) {
      finish(order, uncertain);
      return;
    }
    const Time ceiling = std::min(s_.backoffCap, s_.backoffBase << (tries - 1));
    const Time wait = ceiling == 0 ? 0 : static_cast<Time>(random_.below(static_cast<uint64_t>(ceiling) + 1));
    schedule(now_ + wait, order, Kind::send, 0);
  }

  void finish(uint64_t order, Outcome outcome) {
    uint16_t state = state_[order];
    state = static_cast<uint16_t>((state & ~(bits::awaiting | bits::outcome)) | (outcome << bits::outcomeShift));
    state_[order] = state;
    completion_.record(static_cast<uint64_t>(now_ - start_[order]));
    allDoneAt_ = now_;  // clients finish in time order
  }

  void armTimeout(uint64_t order, unsigned sequence) {
    uint16_t state = state_[order];
    if (!awaits(order, sequence) || (state & bits::armed)) return;
    state_[order] = static_cast<uint16_t>(state | bits::armed);
    schedule(std::max(deadline_[order], now_), order, Kind::timeout, sequence);
  }

  void armTimeoutIfReachedBy(uint64_t order, unsigned sequence, Time time) {
    if (time >= deadline_[order]) armTimeout(order, sequence);
  }

  // The run's metrics, from each order's state.
  Metrics collect(uint64_t events) {
    Metrics m;
    m.orders = s_.orders;
    m.events = events;
    for (uint64_t order = 0; order < s_.orders; ++order) {
      const uint16_t state = state_[order];
      const unsigned applied = (state & bits::applied) >> bits::appliedShift;
      const unsigned outcome = (state & bits::outcome) >> bits::outcomeShift;
      m.applied += applied;
      m.attempts += state & bits::sequence;
      if (applied > 1) ++m.duplicated;
      if (applied == 0) ++m.lost;
      if (outcome == succeeded) ++m.succeeded;
      if (outcome == uncertain) ++m.uncertain;
      if (outcome == failed) ++m.failed;
    }
    m.completionP50 = completion_.quantile(0.50);
    m.completionP99 = completion_.quantile(0.99);
    m.allDoneAt = completion_.count() == 0 ? 0 : allDoneAt_;
    return m;
  }

  const Scenario s_;
  const Chance requestLoss_;
  const Chance responseLoss_;
  TimingWheel wheel_;
  std::unique_ptr<Time[]> start_;      // start time
  std::unique_ptr<Time[]> deadline_;   // deadline of the awaited attempt
  DurationHistogram completion_;
  Time allDoneAt_ = 0;
  std::unique_ptr<uint16_t[]> state_;  // bits::*
  Xoshiro256 random_{0};
  Time now_ = 0;
};

// ---------------------------------------------------------------------------
// The command line.

[[noreturn]] void usageError(const std::string& message) {
  std::fprintf(stderr,
               "Error: %s\n"
               "Usage: checkout [--orders N] [--over SECONDS] [--seed S] [--runs R]\n",
               message.c_str());
  std::exit(64);
}

uint64_t parseCount(const char* flag, const char* text, uint64_t minimum) {
  char* end = nullptr;
  errno = 0;
  const unsigned long long value = std::strtoull(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || text[0] == '-' || value < minimum) {
    usageError(std::string(flag) + " needs a whole number of at least " + std::to_string(minimum) + ", not '" +
               text + "'");
  }
  return value;
}

// SECONDS, as a decimal number with an optional `s`: 10, 100s, 0.5.
Time parseSeconds(const char* text) {
  std::string value(text);
  if (!value.empty() && value.back() == 's') value.pop_back();
  char* end = nullptr;
  const double seconds = std::strtod(value.c_str(), &end);
  if (value.empty() || *end != '\0' || !(seconds > 0) || seconds > 1e9) {
    usageError(std::string("--over needs a positive number of seconds, not '") + text + "'");
  }
  return static_cast<Time>(std::llround(seconds * 1e9));
}

double percent(uint64_t part, uint64_t whole) { return whole == 0 ? 0 : 100.0 * part / whole; }

void printMetrics(const Metrics& m) {
  std::printf("succeeded:       %" PRIu64 " (%.3f%%)\n", m.succeeded, percent(m.succeeded, m.orders));
  std::printf("duplicated:      %" PRIu64 " (%.3f%%)\n", m.duplicated, percent(m.duplicated, m.orders));
  std::printf("lost:            %" PRIu64 " (%.3f%%)\n", m.lost, percent(m.lost, m.orders));
  std::printf("uncertain:       %" PRIu64 " (%.3f%%)\n", m.uncertain, percent(m.uncertain, m.orders));
  std::printf("applied writes:  %" PRIu64 "\n", m.applied);
  std::printf("attempts:        %" PRIu64 " (%.4f per operation)\n", m.attempts,
              m.orders == 0 ? 0.0 : static_cast<double>(m.attempts) / m.orders);
  std::printf("events:          %" PRIu64 "\n", m.events);
}

}  // namespace

int main(int argc, char** argv) {
  Scenario scenario;
  uint64_t seed = 0;
  uint64_t runs = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--help" || flag == "-h") {
      std::printf(
          "OVERVIEW: A C++17 peer of FaultSim's reference checkout (scenarios/checkout-reference.json).\n\n"
          "USAGE: checkout [--orders N] [--over SECONDS] [--seed S] [--runs R]\n\n"
          "OPTIONS:\n"
          "  --orders N        Orders per run (default 100000).\n"
          "  --over SECONDS    The window the orders start in (default 10).\n"
          "  --seed S          The first seed (default 0).\n"
          "  --runs R          Runs of seeds S ... S+R-1 in one process (default 1).\n");
      return 0;
    }
    if (i + 1 >= argc) usageError("missing value for '" + flag + "'");
    const char* value = argv[++i];
    if (flag == "--orders") {
      scenario.orders = parseCount("--orders", value, 1);
    } else if (flag == "--over") {
      scenario.over = parseSeconds(value);
    } else if (flag == "--seed") {
      seed = parseCount("--seed", value, 0);
    } else if (flag == "--runs") {
      runs = parseCount("--runs", value, 1);
    } else {
      usageError("unknown option '" + flag + "'");
    }
  }

  Checkout checkout(scenario);
  std::printf("model:           the reference checkout, C++17 peer (xoshiro256**, timing wheel of %zu buckets)\n",
              checkout.wheelBuckets());
  std::printf("orders:          %" PRIu64 " over %.3f s, %zu bytes of state per order\n", scenario.orders,
              static_cast<double>(scenario.over) / 1e9, checkout.bytesPerOrder());
  if (runs == 1) {
    const Metrics m = checkout.run(seed);
    std::printf("seed:            %" PRIu64 "\n", seed);
    printMetrics(m);
    std::printf("completion p50:  %.3f ms\n", static_cast<double>(m.completionP50) / 1e6);
    std::printf("completion p99:  %.3f ms\n", static_cast<double>(m.completionP99) / 1e6);
    std::printf("all done at:     %.3f ms\n", static_cast<double>(m.allDoneAt) / 1e6);
    std::printf("run:             %.3f ms in process (%.1f ns per event)\n", m.runNanoseconds / 1e6,
                m.runNanoseconds / static_cast<double>(m.events));
    return 0;
  }
  std::printf("seeds:           %" PRIu64 " ..< %" PRIu64 "\n", seed, seed + runs);
  std::printf("%8s %10s %10s %6s %9s %9s %9s %8s\n", "seed", "succeeded", "duplicated", "lost", "uncertain", "events",
              "run_ms", "ns/event");
  Metrics total;
  std::vector<double> times;
  std::vector<double> perEvent;
  for (uint64_t k = 0; k < runs; ++k) {
    const Metrics m = checkout.run(seed + k);
    total.add(m);
    times.push_back(m.runNanoseconds);
    perEvent.push_back(m.runNanoseconds / static_cast<double>(m.events));
    std::printf("%8" PRIu64 " %10" PRIu64 " %10" PRIu64 " %6" PRIu64 " %9" PRIu64 " %9" PRIu64 " %9.3f %8.1f\n",
                seed + k, m.succeeded, m.duplicated, m.lost, m.uncertain, m.events, m.runNanoseconds / 1e6,
                perEvent.back());
  }
  std::printf("summed over %" PRIu64 " runs:\n", runs);
  printMetrics(total);
  auto median = [](std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  };
  std::printf("run p50:         %.3f ms in process (%.1f ns per event)\n", median(times) / 1e6, median(perEvent));
  return 0;
}
