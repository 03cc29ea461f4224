/// A problem and where it is, before the file's name is known.
struct LocatedProblem: Error {
  let location: RoutesFileLocation
  let problem: RoutesFileProblem
}
