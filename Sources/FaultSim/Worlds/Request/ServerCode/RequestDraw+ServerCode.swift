/// Your server code runs in the request world: its user-code draws include
/// the server's crashes.
extension RequestDraw: ServerCodeDraws {}
