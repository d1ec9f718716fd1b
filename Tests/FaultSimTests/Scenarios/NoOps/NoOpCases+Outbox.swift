@testable import FaultSim

/// The no-op cases of issue 13's apps killed mid-request (`client.app`).
extension NoOpCheckTests {
  static var outboxCases: [NoOpCase] {
    let kills = "client.app.termination=0.5"
    let newKey = "client.app.outbox=resend-with-new-key"
    let errors = "server.failureBeforeCommit=0.5"
    let read = "workload.kind=read"
    let write = "workload.kind=keyless-write"
    return [
      NoOpCase(
        "app-termination-without-writes", .request, setup: [read, newKey], key: "client.app.termination",
        values: ["0.3", "0.9"], control: [write]),
      NoOpCase(
        "app-termination-without-writes", .request, setup: [read, kills, newKey], key: "client.app.relaunchAfter",
        values: ["1s", "5m"], control: [write]),
      NoOpCase(
        "app-termination-without-writes", .request, setup: [read, kills], key: "client.app.outbox",
        values: ["none", "resend-with-new-key"], control: [write]),
      NoOpCase(
        "app-termination-without-writes", .request, setup: [read, kills, newKey, errors], key: "client.app.marksSent",
        values: ["on-2xx", "on-any-response"], control: [write]),
      NoOpCase(
        "outbox-without-termination", .request, setup: [newKey], key: "client.app.relaunchAfter",
        values: ["1s", "5m"], control: [kills]),
      NoOpCase(
        "outbox-without-termination", .request, key: "client.app.outbox",
        values: ["none", "resend-with-new-key"], control: [kills]),
      NoOpCase(
        "outbox-without-termination", .request, setup: [newKey, errors], key: "client.app.marksSent",
        values: ["on-2xx", "on-any-response"], control: [kills]),
      NoOpCase(
        "outbox-none-relaunch", .request, setup: [kills, "client.app.outbox=none"], key: "client.app.relaunchAfter",
        values: ["1s", "5m"], control: [newKey]),
      NoOpCase(
        "outbox-none-relaunch", .request, setup: [kills, "client.app.outbox=none", errors],
        key: "client.app.marksSent", values: ["on-2xx", "on-any-response"], control: [newKey]),
      NoOpCase(
        "app-termination-without-writes", .request, setup: [read, kills, newKey], key: "client.app.maxResends",
        values: ["0", "3"], control: [write]),
      NoOpCase(
        "outbox-without-termination", .request, setup: [newKey], key: "client.app.maxResends",
        values: ["0", "3"], control: [kills]),
      NoOpCase(
        "outbox-none-relaunch", .request, setup: [kills, "client.app.outbox=none"], key: "client.app.maxResends",
        values: ["0", "3"], control: [newKey]),
      NoOpCase(
        "marks-sent-without-error-answers", .request, setup: [kills, newKey], key: "client.app.marksSent",
        values: ["on-2xx", "on-any-response"], control: [errors]),
    ]
  }
}
