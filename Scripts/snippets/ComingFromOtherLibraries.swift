// What "Coming from other libraries" takes as given: the app's types.
protocol NetworkProtocol: AnyObject {}
final class Network: NetworkProtocol {}
final class APIClient { init(network: NetworkProtocol) {} }
final class ImageLoader { init(network: NetworkProtocol, size: Int) {} }
