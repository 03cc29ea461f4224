import Testing

@testable import DeepLinkCommand

/// The unified diff `tour --check` prints for a changed screen, as `diff -u` writes it.
@Suite struct LineDiffTests {
  @Test func equalTextsHaveNoDiff() {
    #expect(LineDiff(old: "a\nb\n", new: "a\nb\n").unified(old: "x", new: "y") == "")
  }

  @Test func oneChangedLineInTheMiddle() {
    let old = (1...9).map { "line \($0)\n" }.joined()
    let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
    #expect(
      LineDiff(old: old, new: new).unified(old: "a.txt", new: "b.txt") == """
        --- a.txt
        +++ b.txt
        @@ -2,7 +2,7 @@
         line 2
         line 3
         line 4
        -line 5
        +line five
         line 6
         line 7
         line 8

        """)
  }

  @Test func changesFarApartMakeTwoHunks() {
    let old = (1...20).map { "\($0)\n" }.joined()
    let new = "0\n" + old.replacingOccurrences(of: "20\n", with: "")
    #expect(
      LineDiff(old: old, new: new).unified(old: "a", new: "b") == """
        --- a
        +++ b
        @@ -1,3 +1,4 @@
        +0
         1
         2
         3
        @@ -17,4 +18,3 @@
         17
         18
         19
        -20

        """)
  }

  @Test func anEmptySideIsNumberedByTheLineBefore() {
    #expect(
      LineDiff(old: "", new: "a\nb\n").unified(old: "a", new: "b")
        == "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+a\n+b\n")
    #expect(LineDiff(old: "a\n", new: "").unified(old: "a", new: "b") == "--- a\n+++ b\n@@ -1 +0,0 @@\n-a\n")
  }

  @Test func textsTooLargeToSearchAreReplacedWhole() {
    let old = (0..<3000).map { "\($0)\n" }.joined()
    let diff = LineDiff(old: old, new: old + "end\n")
    #expect(diff.lines.count == 6001)
    #expect(!diff.isEmpty)
  }
}

/// `index.html`: every entry's text escaped, nothing that reaches the network.
@Suite struct TourPageTests {
  static let entry = TourEntry(
    name: "login-error", url: "debug://login-error?message=%3Cb%3E",
    command: "deeplink login-error --message '<b>'",
    screenFile: "01-login-error.txt", stateFile: "01-login-error.json", pictureFile: nil,
    screen: "⚠ <script>alert('x')</script> & \"q\"\n\u{1B}[31m\n", state: "{}\n")

  @Test func textIsEscaped() {
    let page = TourPage.html(entries: [Self.entry], table: "0123", tool: "deeplink")
    #expect(page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"))
    #expect(!page.contains("<script"))
    #expect(page.contains("$ deeplink login-error --message &#39;&lt;b&gt;&#39;"))
    #expect(!page.contains("\u{1B}"))
  }

  @Test func thePageNamesNothingOutsideItsDirectory() {
    let page = TourPage.html(entries: [Self.entry], table: "0123", tool: "deeplink")
    for reference in ["http:", "https:", "//", "@import", "url("] {
      #expect(!page.replacingOccurrences(of: "debug://", with: "").contains(reference), "\(reference)")
    }
    #expect(page.contains("Content-Security-Policy\" content=\"default-src 'none'"))
  }

  /// A picture is embedded in the page as a `data:` URL, the only images the policy allows.
  @Test func picturesAreEmbedded() {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
    let entry = TourEntry(
      name: "settings", url: "debug://settings", command: "deeplink settings", screenFile: nil,
      stateFile: nil,
      pictureFile: "01-settings.png", screen: nil, state: nil, pictureBytes: png)
    let page = TourPage.html(
      entries: [entry], table: "0123", tool: "deeplink", device: "simulator X", settle: 1.5)
    #expect(page.contains("<img src=\"data:image/png;base64,iVBORwECAw==\" alt=\"picture of settings\">"))
    #expect(!page.contains("01-settings.png"), "the page names no file")
    #expect(page.contains("img-src data:"))
    #expect(page.contains("each taken 1.5 s after its link was delivered (--settle)"))
    #expect(!page.contains("<pre class=\"screen\">"), "no screen text without an acknowledgement")
  }
}
