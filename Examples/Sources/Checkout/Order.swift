import Foundation

/// An order as the app builds it when the user taps "Place order".
public struct Order: Identifiable, Hashable, Sendable {
  /// One line of the basket.
  public struct Item: Hashable, Sendable, Codable {
    /// The product's stock-keeping unit.
    public var sku: String
    /// How many.
    public var quantity: Int

    /// `quantity` of `sku`.
    public init(sku: String, quantity: Int) {
      self.sku = sku
      self.quantity = quantity
    }
  }

  /// The order's number in the app.
  public let id: Int
  /// What is being bought.
  public var items: [Item]
  /// The key that makes placing this order idempotent: made once, when the
  /// order is created, and sent with every attempt to place it — so a
  /// retry says "this order again", never "another order". A new key per
  /// attempt would be no key at all.
  public let idempotencyKey: String

  /// An order of `items`, with a new idempotency key.
  public init(id: Int, items: [Item], idempotencyKey: String = UUID().uuidString) {
    self.id = id
    self.items = items
    self.idempotencyKey = idempotencyKey
  }

  /// The `POST /orders` body: the same bytes on every attempt (keys
  /// sorted), as a server that compares a retry's body with the first one
  /// expects.
  var requestBody: [UInt8] {
    struct Body: Encodable {
      let order: Int
      let items: [Item]
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    // Encoding ints and strings cannot fail.
    return Array(try! encoder.encode(Body(order: id, items: items)))
  }
}

/// What the app shows when an order went through.
public struct OrderConfirmation: Hashable, Sendable {
  /// The order placed.
  public let orderID: Int
  /// The server's status code (200 or 201).
  public let status: Int
  /// Attempts it took, the successful one included.
  public let attempts: Int

  /// A confirmation; see the properties for each argument.
  public init(orderID: Int, status: Int, attempts: Int) {
    self.orderID = orderID
    self.status = status
    self.attempts = attempts
  }
}
