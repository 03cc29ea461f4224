struct FishScript { let model: CompletionModel; var lines: [String] { [] } }
