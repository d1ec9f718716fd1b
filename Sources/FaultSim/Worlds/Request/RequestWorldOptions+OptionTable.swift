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
    // Issue 13, intermediaries that retry:
    .optionalSection(
      "gateway", \.gateway, start: GatewayOptions(), GatewayOptions.optionTable,
      "a proxy, load balancer or API gateway between the clients and the server, with its own timeout and retries",
      absent: "none: the clients talk to the server directly"),
    // A network copy of a client's request would reach the gateway as a
    // second request of the same message, which the gateway (one entry per
    // message, its tries numbered as copies) does not model.
    .check(("gateway", "not with network.requestDuplication, whose copies the gateway does not model")) {
      options, reader throws(ScenarioError) in
      guard options.gateway == nil || options.network.requestDuplication == 0 else {
        throw reader.error(
          "a gateway with network.requestDuplication \(options.network.requestDuplication) is not modelled: "
            + "a copy of a client's request arriving at the gateway is not simulated; set "
            + "network.requestDuplication to 0 (duplicated responses and reordering work with a gateway)",
          key: "gateway")
      }
    },
  ])
}
