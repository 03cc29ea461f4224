import DeepLinkWire
import Foundation

/// What a model sees of a tool result in the clients coding agents run in, as they are
/// documented to behave; for checking that a result reaches the model whole, not only that
/// the server sent it.
///
/// - Claude Code gives the model only `structuredContent` when a result carries it and drops
///   the `content` array, images and text alike (anthropics/claude-code#54737, #55677,
///   #79944); the opencode maintainers report that Codex does the same
///   (anomalyco/opencode#32868).
/// - Claude Code reads `tools/list` once, when the session starts, and never again, whatever
///   `notifications/tools/list_changed` says (anthropics/claude-code#13646, #15667, #50515,
///   #62058, #65698, #66869, #77314, #79826).
public enum StructuredFirstClient {
  /// What the model sees of `result`: the texts and the PNG images.
  public struct View: Sendable {
    public var texts: [String] = []
    public var images: [[UInt8]] = []
  }

  /// `structuredContent`, serialized as one text, when the result has it; else each text and
  /// image of `content`.
  package static func view(of result: JSON?) -> View {
    var view = View()
    if let structured = result?["structuredContent"] {
      view.texts.append(structured.serialized)
      return view
    }
    for block in result?["content"]?.arrayValue ?? [] {
      switch block["type"]?.stringValue {
      case "text": view.texts += block["text"]?.stringValue.map { [$0] } ?? []
      case "image":
        if let data = Data(base64Encoded: block["data"]?.stringValue ?? "") {
          view.images.append([UInt8](data))
        }
      default: break
      }
    }
    return view
  }
}
