/// The `client.app` section of a request scenario.
extension AppOptions {
  /// The section's keys, in reading order.
  static let optionTable = OptionTable<AppOptions>([
    .option(
      .probability(
        "termination",
        "per write attempt that left the device: the app is killed (terminated or force-quit) at a uniform time "
          + "within `client.timeout` of the send; the request still reaches the server, its answer is never heard "
          + "(a kill after the answer or timeout does nothing)"),
      \.termination),
    .option(.distribution("relaunchAfter", "when the user opens the app again, from the kill"), \.relaunchAfter),
    .option(
      .choice(
        "outbox",
        "what the relaunched app does: `none` abandons the write (*uncertain*); `resend-with-stored-key` resends "
          + "it with the key stored in the outbox row; `resend-with-new-key` resends it with a key made at send "
          + "time (the old one died with the process: a duplicate if the first landed)"),
      \.outbox),
    .option(
      .choice(
        "marksSent",
        "when the outbox marks a row sent: `on-2xx`, or `on-any-response` (a 5xx too: a kill during the retry "
          + "then resends nothing)"),
      \.marksSent),
    .option(
      .integer(
        "maxResends", in: ScenarioLimits.outboxResends,
        "the most times the outbox resends an operation's write (once per relaunch) before it gives the row up: "
          + "the next kill abandons the write (*uncertain*), as a kill with no outbox does"),
      \.maxResends),
  ])
}
