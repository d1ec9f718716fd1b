/// The request world's scenario keys (docs/scenario-format.md): one
/// section per component, each declared in its own table.
extension RequestWorldOptions {
  /// The world's sections, in reading order.
  static let optionTable = OptionTable<RequestWorldOptions>([
    .section("workload", \.workload, WorkloadOptions.optionTable, "what the clients do"),
    .section("client", \.client, ClientOptions.optionTable, "how requests are sent and retried"),
    .section("network", \.network, NetworkOptions.optionTable, "between clients and the server"),
    .section("server", \.server, ServerOptions.optionTable, "the ledger and its failures"),
    .section(
      "races", \.races,
      RaceOptions.optionTable(
        window: "events closer than this race: a response and its attempt's timeout; a retry and the commit of "
          + "the attempt it repeats; a retry and its key's expiry. With 0 only simultaneous events race."),
      "which events race"),
    // Intermediaries that retry:
    .optionalSection(
      "gateway", \.gateway, start: GatewayOptions(), GatewayOptions.optionTable,
      "a proxy, load balancer or API gateway between the clients and the server, with its own timeout and retries",
      absent: "none: the clients talk to the server directly"),
  ])
}
