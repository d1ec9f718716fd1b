/// The gateway's no-op cases (issue 13, intermediaries that retry): one per
/// key of each rule.
extension NoOpCheckTests {
  /// A gateway whose timeout is shorter than much of the processing, so
  /// that its retries matter once they are allowed.
  static let gateway = #"gateway={"timeout": "30ms", "methods": "all", "retryOn": ["timeout"]}"#
  static let slowServer = #"server.processing={"distribution": "exponential", "mean": "40ms"}"#

  static var gatewayCases: [NoOpCase] {
    let noRetries = [gateway, slowServer, "gateway.attempts=1"]
    let retryOnNothing = [gateway, slowServer, "gateway.retryOn=[]", "gateway.attempts=3"]
    let retrying = [gateway, slowServer, "gateway.attempts=3"]
    let singleNextServer = retrying + ["gateway.retryTarget=next-server", "gateway.servers=1"]
    return [
      NoOpCase(
        "gateway-without-retries", .request, setup: noRetries, key: "gateway.retryOn",
        values: [#"["timeout"]"#, #"["504"]"#], control: ["gateway.attempts=3"]),
      NoOpCase(
        "gateway-without-retries", .request, setup: noRetries, key: "gateway.methods",
        values: ["idempotent", "all"], control: ["gateway.attempts=3"]),
      NoOpCase(
        "gateway-without-retries", .request, setup: noRetries, key: "gateway.backoff",
        values: ["0s", "20ms"], control: ["gateway.attempts=3"]),
      NoOpCase(
        "gateway-without-retries", .request, setup: noRetries + ["gateway.backoff=20ms"], key: "gateway.backoffShape",
        values: ["fixed", "exponential-full-jitter"], control: ["gateway.attempts=3"]),
      NoOpCase(
        "gateway-without-retries", .request, setup: noRetries, key: "gateway.retryTarget",
        values: ["any", "next-server"], control: ["gateway.attempts=3"]),
      NoOpCase(
        "gateway-retry-on-nothing", .request, setup: retryOnNothing + ["gateway.backoff=20ms"],
        key: "gateway.backoffShape", values: ["fixed", "exponential-full-jitter"],
        control: [#"gateway.retryOn=["timeout"]"#]),
      NoOpCase(
        "gateway-retry-on-nothing", .request, setup: retryOnNothing, key: "gateway.retryTarget",
        values: ["any", "next-server"], control: [#"gateway.retryOn=["timeout"]"#]),
      NoOpCase(
        "gateway-retry-on-nothing", .request, setup: retryOnNothing, key: "gateway.attempts",
        values: ["2", "4"], control: [#"gateway.retryOn=["timeout"]"#]),
      NoOpCase(
        "gateway-retry-on-nothing", .request, setup: retryOnNothing, key: "gateway.methods",
        values: ["idempotent", "all"], control: [#"gateway.retryOn=["timeout"]"#]),
      NoOpCase(
        "gateway-retry-on-nothing", .request, setup: retryOnNothing, key: "gateway.backoff",
        values: ["0s", "20ms"], control: [#"gateway.retryOn=["timeout"]"#]),
      NoOpCase(
        "gateway-single-next-server", .request, setup: singleNextServer, key: "gateway.retryOn",
        values: [#"["timeout"]"#, #"["504"]"#], control: ["gateway.servers=3"]),
      NoOpCase(
        "gateway-single-next-server", .request, setup: singleNextServer, key: "gateway.methods",
        values: ["idempotent", "all"], control: ["gateway.servers=3"]),
      NoOpCase(
        "gateway-single-next-server", .request, setup: singleNextServer, key: "gateway.backoff",
        values: ["0s", "20ms"], control: ["gateway.servers=3"]),
      NoOpCase(
        "gateway-servers-without-next-server", .request, setup: retrying, key: "gateway.servers",
        values: ["1", "2"], control: ["gateway.retryTarget=next-server"]),
      NoOpCase(
        "gateway-backoff-max-without-jitter", .request, setup: retrying + ["gateway.backoff=20ms"],
        key: "gateway.backoffMax", values: ["1ms", "10ms"],
        control: ["gateway.backoffShape=exponential-full-jitter"]),
      NoOpCase(
        "gateway-methods-all-idempotent", .request, setup: retrying + ["workload.kind=read"], key: "gateway.methods",
        values: ["idempotent", "all"], control: ["workload.kind=keyless-write"]),
      NoOpCase(
        "gateway-forwards-key-without-keys", .request, setup: retrying, key: "gateway.forwardsKey",
        values: ["true", "false"], control: ["workload.kind=keyed-write"]),
    ]
  }
}
