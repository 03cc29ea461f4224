import DeepLinkWire

/// `index.html` of a tour: one self-contained page (its style inline, no script, no font or
/// image from elsewhere: pictures are embedded as `data:` URLs, and a Content-Security-Policy
/// allows no network access) showing every entry's name, URL, command and screen, and its
/// picture when it has one. A check's page shows the differences first, recorded and current
/// side by side, and for a changed picture the image that marks the pixels that differ.
enum TourPage {
  /// The page of `entries`; with `comparison`, the check's page, `recordingPath` naming the
  /// recording it was compared with.
  static func html(
    entries: [TourEntry], table: String, tool: String, comparison: TourComparison? = nil,
    recordingPath: String? = nil, device: String? = nil, settle: Double? = nil, settleTimeout: Double? = nil
  ) -> String {
    let count = entries.count
    // The app's own screens are there when it acknowledged each link (the app target, or a
    // simulator app's agent); a device whose app cannot acknowledge gives pictures alone.
    let acknowledged = entries.contains { $0.screen != nil }
    let title: String
    let subtitle: String
    if let comparison {
      let differences = comparison.differences.count
      title =
        differences == 0
        ? "\(tool) tour: all \(count) screens match" : "\(tool) tour: \(comparison.summary)"
      subtitle = "checked against the recording in \(recordingPath ?? "?")"
    } else {
      title = "\(tool) tour: \(count) screen\(count == 1 ? "" : "s")"
      subtitle =
        acknowledged
        ? "every screen after the app acknowledged its link"
        : "every screen, its link delivered with no acknowledgement"
    }
    var body =
      "<header><h1>\(escape(title))</h1><p>\(escape(subtitle)) · route table \(escape(table))</p>"
    if let device {
      body += "<p>pictures of \(escape(device))"
      if let settle, acknowledged {
        body +=
          ", each taken once the app acknowledged its link and \(escape(GlobalOption.formatted(settle))) s "
          + "more had passed (--settle)"
      } else if let settle {
        body +=
          ", each taken \(escape(GlobalOption.formatted(settle))) s after its link was delivered "
          + "(--settle): no acknowledgement said the screen was final"
      } else {
        body += ", each taken once the app acknowledged its link"
      }
      if let settleTimeout, settleTimeout > 0 {
        body +=
          ", then once the screen stopped changing: screenshots until two in a row matched, for at most "
          + "\(escape(GlobalOption.formatted(settleTimeout))) s (--settle-timeout)"
      } else if settleTimeout != nil {
        body += ", one screenshot each (--settle-timeout 0: not checked to be still)"
      }
      let unsettled = entries.filter { $0.settle?.settled == false }.count
      if unsettled > 0 {
        body +=
          "; \(unsettled) did not settle and show\(unsettled == 1 ? "s" : "") the last screenshot, marked below"
      }
      body += "</p>"
    }
    body += "</header>\n"
    if let comparison, !comparison.differences.isEmpty {
      body += "<section class=\"differences\"><h2>Differences</h2>\n"
      for item in comparison.differences {
        body += difference(item)
      }
      body += "</section>\n"
    }
    body += "<section><h2>Screens</h2><div class=\"grid\">\n"
    for (index, entry) in entries.enumerated() {
      let status = comparison?.items.first(where: { $0.name == entry.name })?.status
      body += card(entry, number: index + 1, of: count, status: status)
    }
    body += "</div></section>\n"
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(escape(title))</title>
      <style>
      \(style)
      </style>
      </head>
      <body>
      \(body)</body>
      </html>

      """
  }

  /// One entry of the grid.
  static func card(_ entry: TourEntry, number: Int, of count: Int, status: TourComparison.Status?) -> String {
    let stem = TourRecording.fileStem(number: number, of: count, name: entry.name)
    let mark = status.map { " <span class=\"status \($0.word)\">\($0.word)</span>" } ?? ""
    var html = "<article class=\"card\" id=\"\(escape(stem))\">\n"
    html += "<h3><span class=\"number\">\(number)</span> \(escape(entry.name))\(mark)</h3>\n"
    html += "<p class=\"url\"><code>\(escape(entry.url))</code></p>\n"
    html += "<p class=\"command\"><code>$ \(escape(entry.command))</code></p>\n"
    if let bytes = entry.pictureBytes {
      html += image(bytes, alt: "picture of " + entry.name)
    }
    if let settle = entry.settle {
      let unsettled = settle.settled == false
      html +=
        "<p class=\"settle\(unsettled ? " unsettled" : "")\">\(unsettled ? "⚠ " : "")\(escape(settle.summary))</p>\n"
    }
    if let screen = entry.screen {
      html += "<pre class=\"screen\">\(escape(visible(screen)))</pre>\n"
    }
    html += "</article>\n"
    return html
  }

  /// One difference of a check: both screens side by side, the lines that differ marked.
  static func difference(_ item: TourComparison.Item) -> String {
    var html = "<article class=\"difference\">\n"
    let what: String =
      switch item.status {
      case .changed(let parts): "changed: " + parts.joined(separator: ", ")
      case .new: "new: not in the recording"
      case .missing: "missing: in the recording, not in this tour"
      case .same: "same"
      }
    html +=
      "<h3>\(escape(item.name)) <span class=\"status \(item.status.word)\">\(escape(what))</span></h3>\n"
    let url = item.current?.url ?? item.recorded?.url ?? ""
    let command = item.current?.command ?? item.recorded?.command ?? ""
    html += "<p class=\"url\"><code>\(escape(url))</code></p>\n"
    html += "<p class=\"command\"><code>$ \(escape(command))</code></p>\n"
    if let summary = item.picture?.summary {
      html += "<p class=\"url\">picture: \(escape(summary))</p>\n"
    }
    if item.recorded?.pictureBytes != nil || item.current?.pictureBytes != nil {
      html += "<div class=\"sides pictures\">\n"
      for (caption, bytes) in [
        ("recorded", item.recorded?.pictureBytes), ("current", item.current?.pictureBytes),
        ("differing pixels in red", item.differenceImage),
      ] where caption != "differing pixels in red" || bytes != nil {
        html += "<figure><figcaption>\(caption)</figcaption>"
        html +=
          bytes.map { image($0, alt: "\(caption) picture of \(item.name)") }
          ?? "<p class=\"none\">no picture</p>"
        html += "</figure>\n"
      }
      html += "</div>\n"
    }
    guard item.recorded?.screen != nil || item.current?.screen != nil else {
      return html + "</article>\n"
    }
    html += "<div class=\"sides\">\n"
    let diff = LineDiff(
      old: visible(item.recorded?.screen ?? ""), new: visible(item.current?.screen ?? ""))
    var old = ""
    var new = ""
    for line in diff.lines {
      switch line {
      case .same(let text):
        old += "<span>\(escape(text))</span>"
        new += "<span>\(escape(text))</span>"
      case .removed(let text): old += "<del>\(escape(text))</del>"
      case .added(let text): new += "<ins>\(escape(text))</ins>"
      }
    }
    html += "<figure><figcaption>recorded</figcaption>"
    html += item.recorded == nil ? "<p class=\"none\">no entry</p>" : "<pre class=\"screen\">\(old)</pre>"
    html += "</figure>\n<figure><figcaption>current</figcaption>"
    html += item.current == nil ? "<p class=\"none\">no entry</p>" : "<pre class=\"screen\">\(new)</pre>"
    html += "</figure>\n</div>\n</article>\n"
    return html
  }

  /// A PNG embedded in the page (a `data:` URL, so the page needs no other file).
  static func image(_ png: [UInt8], alt: String) -> String {
    "<img src=\"data:image/png;base64,\(Base64.encode(png))\" alt=\"\(escape(alt))\">\n"
  }

  /// `text` with control characters made visible, as the terminal shows it.
  static func visible(_ text: String) -> String {
    ControlCharacters.escaped(text, keepingNewlines: true)
  }

  /// `text` safe in HTML text and in a quoted attribute: `&`, `<`, `>`, `"` and `'` escaped.
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text.unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// The page's style: a wall of phone-sized screens, light and dark.
  static let style = """
    :root { color-scheme: light dark; --bg: #f4f1ea; --fg: #1d1d1f; --muted: #6e6e73; --card: #fff;
      --bezel: #1d1d1f; --screen: #fbfbfd; --del: #ffd7d5; --ins: #d4f7dc; --accent: #0a66c2; }
    @media (prefers-color-scheme: dark) { :root { --bg: #141416; --fg: #f5f5f7; --muted: #a1a1a6;
      --card: #1f1f22; --bezel: #000; --screen: #111114; --del: #5c1f1c; --ins: #1c4a27; --accent: #6cb4ff; } }
    * { box-sizing: border-box; }
    body { margin: 0; padding: 2rem; background: var(--bg); color: var(--fg);
      font: 15px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; }
    header h1 { margin: 0 0 .25rem; font-size: 1.8rem; }
    header p, .url, .command { color: var(--muted); margin: .2rem 0; }
    h2 { font-size: 1.2rem; margin: 2rem 0 1rem; }
    .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(27rem, 1fr)); gap: 1.5rem; }
    .card, .difference { background: var(--card); border-radius: 18px; padding: 1rem 1.2rem 1.2rem;
      box-shadow: 0 1px 3px rgba(0,0,0,.12); }
    .difference { margin-bottom: 1.5rem; }
    h3 { margin: 0 0 .4rem; font-size: 1.1rem; }
    .number { display: inline-block; min-width: 1.8rem; padding: 0 .4rem; margin-right: .3rem; border-radius: 999px;
      background: var(--accent); color: #fff; text-align: center; font-size: .9rem; }
    code { font: 13px ui-monospace, "SF Mono", Menlo, Consolas, monospace; overflow-wrap: anywhere; }
    pre.screen { margin: .8rem 0 0; padding: 1rem; border: 10px solid var(--bezel); border-radius: 22px;
      background: var(--screen); font: 13px/1.35 ui-monospace, "SF Mono", Menlo, Consolas, monospace;
      white-space: pre; overflow-x: auto; min-height: 12rem; }
    pre.screen span, pre.screen del, pre.screen ins { display: block; min-height: 1.35em; text-decoration: none; }
    del { background: var(--del); } ins { background: var(--ins); }
    img { display: block; max-width: 100%; max-height: 40rem; margin-top: .8rem; border-radius: 12px; }
    .pictures { grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); }
    .sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(24rem, 1fr)); gap: 1rem; }
    figure { margin: 0; } figcaption { color: var(--muted); font-size: .9rem; }
    .none { color: var(--muted); font-style: italic; }
    .status { font-size: .8rem; font-weight: normal; padding: .1rem .5rem; border-radius: 999px;
      margin-left: .4rem; background: var(--ins); }
    .status.changed, .status.missing { background: var(--del); }
    .status.same { background: transparent; color: var(--muted); }
    .settle { color: var(--muted); font-size: .9rem; margin: .4rem 0 0; }
    .settle.unsettled { color: inherit; background: var(--del); border-radius: 8px; padding: .2rem .5rem; }
    """
}
