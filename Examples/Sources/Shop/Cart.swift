/// What the user checks out: line items, under a cart id, with the
/// idempotency key made once when the user tapped "Buy".
public struct Cart: Hashable, Sendable {
  /// One line of the cart.
  public struct Item: Hashable, Sendable {
    /// The product.
    public var sku: String
    /// How many.
    public var quantity: Int

    /// An item; see the properties for each argument.
    public init(sku: String, quantity: Int) {
      self.sku = sku
      self.quantity = quantity
    }
  }

  /// The cart's id, e.g. `cart-17`.
  public var id: String
  /// Its lines.
  public var items: [Item]
  /// Made once per checkout, sent with every try of the order.
  public var idempotencyKey: String

  /// A cart; see the properties for each argument.
  public init(id: String, items: [Item], idempotencyKey: String) {
    self.id = id
    self.items = items
    self.idempotencyKey = idempotencyKey
  }
}
