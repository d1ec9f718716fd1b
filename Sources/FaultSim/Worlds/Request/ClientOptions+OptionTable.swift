/// The `client` section of a request scenario.
extension ClientOptions {
  /// The section's keys, in reading order.
  static let optionTable = OptionTable<ClientOptions>([
    .option(
      .duration("timeout", in: ScenarioLimits.timeout, "wait for a response before giving the attempt up"), \.timeout),
    .option(
      .integer("attempts", in: ScenarioLimits.attempts, "attempt budget per request, the first included"), \.attempts),
    .section("backoff", \.backoff, Backoff.optionTable, "the wait before each retry", absent: "no wait"),
    .option(
      .variants("retryBudget", selector: "kind", RetryBudget.optionVariants, "a retry limit shared by all clients"),
      \.retryBudget),
    .option(
      .choice(
        "safety",
        "after an ambiguous failure (timeout, dropped connection) of a keyless write: `naive` retries anyway; "
          + "`careful` gives up as *uncertain*; `query` asks the server whether it was applied (spends an "
          + "attempt) and resends only if not"),
      \.safety),
    .option(
      .choice(
        "offline",
        "while offline: `wait` for connectivity without spending an attempt, or `spend`: fail the attempt at once"),
      \.offline),
    .option(.bool("honoursRetryAfter", "wait at least a 429/503's Retry-After"), \.honoursRetryAfter),
    .option(
      .probability(
        "payloadChangesOnRetry",
        "a client bug: a retry of a keyed write carries a different payload (the server answers 422)"),
      \.payloadChangesOnRetry),
    .option(
      .choice(
        "conflictRetry",
        "after a 412: `after-backoff` waits per `backoff`, then reads again; `immediate` reads again at once"),
      \.conflictRetry),
    .option(ConflictLimit.optionField, \.conflictLimit),
    .section(
      "app", \.app, AppOptions.optionTable, "the app process: killed mid-request, relaunched, its outbox",
      absent: "never killed"),
    // Clocks that disagree:
    .section(
      "clock", \.clock, ClockOptions.clientTable,
      "the client's clock: timeouts and waits run on it, a Retry-After date is compared with it",
      absent: "true time"),
  ])
}

extension ClientOptions.ConflictLimit {
  /// `conflictLimit`: a whole number in ``ScenarioLimits/conflictLimit`` or
  /// the string `"unlimited"`.
  static let optionField = OptionField<Self>(
    "conflictLimit",
    "412 conflicts a conditional write accepts before giving up; `\"unlimited\"` retries until it wins (it "
      + "still ends: each conflict means some write to the record landed in between)",
    type: .either([.integer(ScenarioLimits.conflictLimit), .constant(unlimitedText)]),
    reading: { reader, key, fallback throws(ScenarioError) in
      guard let value = reader.value(key) else {
        guard let fallback else { throw reader.missingKeyError(key) }
        return fallback
      }
      return try Self(reading: value)
    },
    literal: { limit in
      switch limit {
      case .atMost(let count): return .integer(count)
      case .unlimited: return .string(unlimitedText)
      }
    })

  /// Reads a limit: a whole number in ``ScenarioLimits/conflictLimit`` or
  /// the string `"unlimited"`.
  init(reading value: ScenarioValue) throws(ScenarioError) {
    let range = ScenarioLimits.conflictLimit
    let allowed =
      "expected an integer (\(range.lowerBound)...\(range.upperBound)) or \(JSONValue.quoted(Self.unlimitedText))"
    switch value.node.value {
    case .string(let text):
      guard text == Self.unlimitedText else {
        var message = "\(JSONValue.quoted(text, limit: 40)) is not allowed; \(allowed)"
        if SpellingSuggestion.closest(to: text, among: [Self.unlimitedText]) != nil {
          message += "; did you mean \(JSONValue.quoted(Self.unlimitedText))?"
        }
        throw value.error(message)
      }
      self = .unlimited
    case .number:
      self = .atMost(try value.integer(in: range))
    default:
      throw value.error("\(allowed), got \(value.node.value.briefDescription)")
    }
  }
}

extension Backoff {
  /// The `client.backoff` object. Its defaults depend on `growth`: `base`
  /// is needed unless growth is none, `cap` only for exponential growth.
  static let optionTable = OptionTable<Backoff>([
    .required(
      .choice("growth", "how the ceiling grows: `none`, `constant` (`base`), `exponential` (`base·2ⁿ`)"), \.growth),
    .option(
      .choice(
        "jitter",
        "under the ceiling: `none`; `full` U(0, ceiling); `equal` ceiling/2 + U(0, ceiling/2); `decorrelated` "
          + "min(cap, U(base, 3·previous))"),
      \.jitter),
    .dependent(
      .duration("base", in: ScenarioLimits.delay, "the first ceiling"), \.base,
      shown: { "\($0) with growth `none`, else required" },
      fallback: { $0.growth == .none ? .zero : nil }),
    .dependent(
      .duration("cap", in: ScenarioLimits.delay, "the largest ceiling"), \.cap,
      shown: { _ in "required for exponential growth, else `base`" },
      fallback: { $0.growth == .exponential ? nil : $0.base }),
    .check(("cap", "cap ≥ base")) { backoff, reader throws(ScenarioError) in
      guard backoff.cap >= backoff.base else { throw reader.error("cap is below base; allowed cap ≥ base", key: "cap") }
    },
    .option(
      .integer(
        "firstRetry", in: ScenarioLimits.firstRetry,
        "the number n of the first retry in `base·2ⁿ` (the AWS backoff simulator counts from 1)"),
      \.firstRetry),
    // The initialiser normalises a constant backoff's cap to its base.
    .check(nil) { backoff, _ throws(ScenarioError) in
      backoff = Backoff(
        growth: backoff.growth, jitter: backoff.jitter, base: backoff.base, cap: backoff.cap,
        firstRetry: backoff.firstRetry)
    },
  ])
}

extension RetryBudget {
  /// How `client.retryBudget` is written: `{"kind": …}` and the case's keys.
  static let optionVariants: [OptionVariant<RetryBudget>] = {
    let capacity = OptionField<Double>.number("capacity", in: ScenarioLimits.tokens, "tokens in a full bucket")
    let refill = OptionField<Double>.number(
      "refillPerSuccess", in: ScenarioLimits.tokens, "tokens a successful response refunds")
    let ratio = OptionField<Double>.number("ratio", in: ScenarioLimits.ratio, "retries allowed per first attempt")
    let minimum = OptionField<Int>.integer("minimumRetries", in: 0...Int(Int32.max), "retries always allowed")
      .defaulting(to: 0)
    return [
      OptionVariant(
        "unlimited", "no shared limit", keys: [],
        read: { _ throws(ScenarioError) in .unlimited },
        members: { if case .unlimited = $0 { [] } else { nil } }),
      OptionVariant(
        "token-bucket", "a retry costs one token and is refused below one; a success refunds",
        keys: [capacity.standaloneDescription, refill.standaloneDescription],
        read: { reader throws(ScenarioError) in
          .tokenBucket(capacity: try capacity.read(reader), refillPerSuccess: try refill.read(reader))
        },
        members: { budget in
          guard case .tokenBucket(let tokens, let refund) = budget else { return nil }
          return [capacity.member(tokens), refill.member(refund)]
        }),
      OptionVariant(
        "ratio", "retries ≤ minimumRetries + ratio × first attempts",
        keys: [ratio.standaloneDescription, minimum.standaloneDescription],
        read: { reader throws(ScenarioError) in
          .ratio(ratio: try ratio.read(reader), minimumRetries: try minimum.read(reader))
        },
        members: { budget in
          guard case .ratio(let share, let floor) = budget else { return nil }
          return [ratio.member(share), minimum.member(floor)]
        }),
    ]
  }()
}
