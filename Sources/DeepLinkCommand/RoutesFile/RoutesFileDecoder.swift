import DeepLinkRoutes
import DeepLinkWire

/// Turns a parsed routes file into a ``RouteTable``, checking every rule of the format.
enum RoutesFileDecoder {
  static func contents(_ document: JSON) throws(LocatedProblem) -> RoutesFileContents {
    let top = RoutesFileLocation()
    let members = try object(document, at: top, keys: RoutesFile.documentKeys)
    var scheme = "debug"
    var androidPackage: String?
    var iosBundleID: String?
    var routesValue: JSON?
    for element in members {
      let (key, value) = (element.key, element.value)
      let location = top.with(key: key)
      switch key {
      case "$schema", "version", "source":
        // Read by editors and people; recomputed or irrelevant, never trusted.
        if value != .null { _ = try string(value, at: location) }
      case "scheme":
        scheme = try string(value, at: location)
        guard isScheme(scheme) else { throw LocatedProblem(location: location, problem: .badScheme(scheme)) }
      case "android":
        for element in try object(value, at: location, keys: RoutesFile.androidKeys) {
          let (key, member) = (element.key, element.value)
          var place = location
          place.subkey = key
          let package = try string(member, at: place)
          guard AndroidCommands.isPackageName(package) else {
            throw LocatedProblem(location: place, problem: .badPackage(package))
          }
          androidPackage = package
        }
      case "ios":
        for element in try object(value, at: location, keys: RoutesFile.iosKeys) {
          let (key, member) = (element.key, element.value)
          var place = location
          place.subkey = key
          let bundleID = try string(member, at: place)
          do throws(BundleIdentifierError) {
            try BundleIdentifier.validate(bundleID)
          } catch {
            throw LocatedProblem(location: place, problem: .badBundleID(error))
          }
          iosBundleID = bundleID
        }
      default:
        routesValue = value
      }
    }
    guard let routesValue else { throw LocatedProblem(location: top, problem: .missingKey("routes")) }
    guard case .array(let elements) = routesValue else {
      throw LocatedProblem(
        location: top.with(key: "routes"),
        problem: .wrongType(expected: "an array", found: routesValue.kindName)
      )
    }
    guard !elements.isEmpty else {
      throw LocatedProblem(location: top.with(key: "routes"), problem: .noRoutes)
    }
    var routes: [Route] = []
    routes.reserveCapacity(elements.count)
    // Duplicates: compared one by one in a small table (no dictionary at start-up, as in
    // `RouteTable`), hashed in a large one.
    let hashed = elements.count > RouteTable.linearSearchLimit
    var positions: [String: Int] = [:]
    if hashed { positions.reserveCapacity(elements.count) }
    for (index, element) in elements.enumerated() {
      let route = try self.route(element, at: RoutesFileLocation(route: index))
      let first = hashed ? positions[route.name] : routes.firstIndex(where: { $0.name == route.name })
      if let first {
        throw LocatedProblem(
          location: RoutesFileLocation(route: index, key: "name"),
          problem: .duplicateName(route.name, kind: .route, firstPlace: "routes[\(first)]"))
      }
      if hashed { positions[route.name] = index }
      routes.append(route)
    }
    return RoutesFileContents(
      table: RouteTable(scheme: scheme, routes: routes), androidPackage: androidPackage,
      iosBundleID: iosBundleID)
  }

  static func route(_ value: JSON, at location: RoutesFileLocation) throws(LocatedProblem) -> Route {
    let members = try object(value, at: location, keys: RoutesFile.routeKeys)
    var name: String?
    var summary = ""
    var help = ""
    var parameters: [Parameter] = []
    for element in members {
      let (key, value) = (element.key, element.value)
      let place = location.with(key: key)
      switch key {
      case "name":
        let text = try string(value, at: place)
        guard RouteTable.isValidName(text, allowUppercase: false) else {
          throw LocatedProblem(location: place, problem: .badName(text, kind: .route))
        }
        guard !DeepLinkTool.reservedRouteNames.contains(text) else {
          throw LocatedProblem(location: place, problem: .reservedName(text, kind: .route))
        }
        name = text
      case "summary": summary = try text(value, at: place, newlines: false)
      case "help": help = try text(value, at: place, newlines: true)
      default:
        guard case .array(let elements) = value else {
          throw LocatedProblem(
            location: place, problem: .wrongType(expected: "an array", found: value.kindName))
        }
        for (index, element) in elements.enumerated() {
          var parameterLocation = location
          parameterLocation.parameter = index
          let parameter = try self.parameter(element, at: parameterLocation)
          if let first = parameters.firstIndex(where: { $0.name == parameter.name }) {
            throw LocatedProblem(
              location: parameterLocation.with(key: "name"),
              problem: .duplicateName(
                parameter.name, kind: .parameter,
                firstPlace: RoutesFileLocation(route: location.route, parameter: first).rendered))
          }
          parameters.append(parameter)
        }
      }
    }
    guard let name else { throw LocatedProblem(location: location, problem: .missingKey("name")) }
    return Route(name, summary: summary, help: help, parameters: parameters)
  }

  static func parameter(_ value: JSON, at location: RoutesFileLocation) throws(LocatedProblem) -> Parameter {
    // One pass sorts the members out (an unknown key is an error); `null` is a key left out.
    guard case .object(let members) = value else {
      throw LocatedProblem(
        location: location, problem: .wrongType(expected: "an object", found: value.kindName))
    }
    var found = ParameterMembers()
    for member in members {
      let (key, value) = (member.key, member.value)
      let present: JSON? = value == .null ? nil : value
      switch key {
      case "name": found.name = present
      case "type": found.type = present
      case "required": found.required = present
      case "default": found.default = present
      case "choices": found.choices = present
      case "range": found.range = present
      case "help": found.help = present
      default: throw unknownKey(key, at: location, keys: RoutesFile.parameterKeys)
      }
    }
    return try parameter(found, at: location)
  }

  /// The members of a parameter's object, each `nil` when left out or `null`.
  struct ParameterMembers {
    var name: JSON?
    var type: JSON?
    var required: JSON?
    var `default`: JSON?
    var choices: JSON?
    var range: JSON?
    var help: JSON?
  }

  /// The parameter `members` declare: every rule checked in one order, whatever the order of
  /// the keys in the file.
  static func parameter(_ members: ParameterMembers, at location: RoutesFileLocation) throws(LocatedProblem)
    -> Parameter
  {
    guard let nameValue = members.name else {
      throw LocatedProblem(location: location, problem: .missingKey("name"))
    }
    let name = try string(nameValue, at: location.with(key: "name"))
    guard RouteTable.isValidName(name, allowUppercase: true) else {
      throw LocatedProblem(location: location.with(key: "name"), problem: .badName(name, kind: .parameter))
    }
    guard !DeepLinkTool.reservedParameterNames.contains(name) else {
      throw LocatedProblem(
        location: location.with(key: "name"), problem: .reservedName(name, kind: .parameter))
    }
    guard let typeValue = members.type else {
      throw LocatedProblem(location: location, problem: .missingKey("type"))
    }
    let typeName = try string(typeValue, at: location.with(key: "type"))
    guard RoutesFile.typeNames.contains(typeName) else {
      throw LocatedProblem(
        location: location.with(key: "type"),
        problem: .unknownType(
          typeName, suggestion: Suggestion.closest(to: typeName, in: RoutesFile.typeNames)))
    }

    if let choices = members.choices, typeName != "choice" {
      _ = choices
      throw LocatedProblem(
        location: location.with(key: "choices"),
        problem: .keyNotForType("choices", type: typeName, takenBy: "choice"))
    }
    if members.range != nil, typeName != "integer" {
      throw LocatedProblem(
        location: location.with(key: "range"),
        problem: .keyNotForType("range", type: typeName, takenBy: "integer"))
    }
    let type: ParameterType
    switch typeName {
    case "integer":
      type = .integer(
        range: try members.range.map { value throws(LocatedProblem) in
          try range(value, at: location.with(key: "range"))
        })
    case "string": type = .string
    case "boolean": type = .boolean
    default:
      guard let value = members.choices else {
        throw LocatedProblem(location: location, problem: .noChoices)
      }
      type = .choice(try choices(value, at: location.with(key: "choices")))
    }

    var defaultValue: ArgumentValue?
    if let value = members.default {
      defaultValue = try self.defaultValue(value, of: type, at: location.with(key: "default"))
    }
    if let value = members.required {
      guard case .bool(let required) = value else {
        throw LocatedProblem(
          location: location.with(key: "required"),
          problem: .wrongType(expected: "true or false", found: value.kindName))
      }
      if required, defaultValue != nil {
        throw LocatedProblem(location: location.with(key: "default"), problem: .requiredWithDefault)
      }
      if !required, defaultValue == nil {
        guard type == .boolean else {
          throw LocatedProblem(location: location.with(key: "required"), problem: .optionalWithoutDefault)
        }
        defaultValue = .boolean(false)
      }
    } else if defaultValue == nil, type == .boolean {
      // A boolean left without `required` and `default` is a flag, false unless given.
      defaultValue = .boolean(false)
    }
    let help = try members.help.map { value throws(LocatedProblem) in
      try text(value, at: location.with(key: "help"), newlines: false)
    }
    return Parameter(name: name, type: type, default: defaultValue, help: help ?? "")
  }

  static func range(_ value: JSON, at location: RoutesFileLocation) throws(LocatedProblem) -> ClosedRange<Int>
  {
    let members = try object(value, at: location, keys: RoutesFile.rangeKeys)
    var bounds: [Int?] = [nil, nil]
    for element in members {
      let (key, value) = (element.key, element.value)
      var place = location
      place.subkey = key
      guard case .int(let number) = value else {
        throw LocatedProblem(
          location: place, problem: .wrongType(expected: "an integer", found: value.kindName))
      }
      bounds[key == "min" ? 0 : 1] = number
    }
    guard let low = bounds[0] else { throw LocatedProblem(location: location, problem: .missingKey("min")) }
    guard let high = bounds[1] else { throw LocatedProblem(location: location, problem: .missingKey("max")) }
    guard low <= high else {
      throw LocatedProblem(location: location, problem: .emptyRange(min: low, max: high))
    }
    return low...high
  }

  static func choices(_ value: JSON, at location: RoutesFileLocation) throws(LocatedProblem) -> [String] {
    guard case .array(let elements) = value else {
      throw LocatedProblem(
        location: location, problem: .wrongType(expected: "an array of strings", found: value.kindName))
    }
    guard !elements.isEmpty else { throw LocatedProblem(location: location, problem: .noChoices) }
    var choices: [String] = []
    for (index, element) in elements.enumerated() {
      var place = location
      place.index = index
      let choice = try text(element, at: place, newlines: false)
      guard !choices.contains(choice) else {
        throw LocatedProblem(location: place, problem: .duplicateChoice(choice))
      }
      choices.append(choice)
    }
    return choices
  }

  static func defaultValue(
    _ value: JSON, of type: ParameterType, at location: RoutesFileLocation
  ) throws(LocatedProblem) -> ArgumentValue {
    switch (type, value) {
    case (.integer(let range), .int(let number)):
      if let range, !range.contains(number) {
        throw LocatedProblem(
          location: location,
          problem: .defaultOutOfRange(number, min: range.lowerBound, max: range.upperBound))
      }
      return .integer(number)
    case (.boolean, .bool(let flag)):
      return .boolean(flag)
    case (.string, .string):
      return .string(try text(value, at: location, newlines: false))
    case (.choice(let choices), .string(let choice)):
      guard choices.contains(choice) else {
        throw LocatedProblem(
          location: location,
          problem: .defaultNotAChoice(
            choice, choices: choices, suggestion: Suggestion.closest(to: choice, in: choices)))
      }
      return .string(choice)
    case (.integer, _):
      throw LocatedProblem(
        location: location, problem: .defaultOfWrongType(expected: "an integer", found: value.kindName))
    case (.boolean, _):
      throw LocatedProblem(
        location: location, problem: .defaultOfWrongType(expected: "true or false", found: value.kindName))
    case (.string, _), (.choice, _):
      throw LocatedProblem(
        location: location, problem: .defaultOfWrongType(expected: "a string", found: value.kindName))
    }
  }

  /// A lowercase letter, then lowercase letters, digits, `+`, `-` or `.` (RFC 3986, lowercase
  /// because Android matches schemes case-sensitively).
  static func isScheme(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { RouteTable.isScheme($0, allowUppercase: false) }
  }
}
