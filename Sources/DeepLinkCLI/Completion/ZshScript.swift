struct ZshScript { let model: CompletionModel; var lines: [String] { [] } }
