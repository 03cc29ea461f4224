import DeepLinkWire
import Testing

@testable import DeepLinkCommand

/// `deeplink state` as text: arguments and overrides as JSON values (strings quoted).
@Suite struct StateTextTests {
  @Test func rendersTheStackAndTheOverrides() throws {
    let state = try JSON.parse(
      #"{"path":[{"destination":"recipe","id":42},{"destination":"recipe-edit","id":42,"unsaved":false}],"#
        + #""overrides":{"networkError":true,"loginError":"Say \"no\""},"screen":"Screen\n"}"#)
    #expect(
      StateText.render(state) == """
        path:      recipe(id: 42) › recipe-edit(id: 42, unsaved: false)
        overrides: networkError: true, loginError: "Say \\"no\\""

        Screen

        """)
  }

  @Test func anEmptyStateIsTheRoot() throws {
    #expect(
      StateText.render(try JSON.parse(#"{"path":[],"overrides":{},"screen":""}"#)) == """
        path:      root
        overrides: none


        """)
  }

  @Test func anAppsOwnGroupsAreShownByTheirNamesAndNoneIsInvented() throws {
    let state = try JSON.parse(#"{"path":[{"destination":"cart"}],"cart":{"items":3},"screen":"Cart\n"}"#)
    #expect(
      StateText.render(state) == """
        path:      cart
        cart:      items: 3

        Cart

        """)
    #expect(
      StateText.render(try JSON.parse(#"{"path":[],"screen":"Home\n"}"#)) == "path:      root\n\nHome\n")
  }
}
