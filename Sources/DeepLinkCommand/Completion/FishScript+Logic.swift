extension FishScript {
  /// The part of the fish script that does not depend on the table.
  static var logic: [String] {
    #"""
    # Prints the values the running app has for route $argv[2], parameter $argv[3], each
    # prefixed by $argv[1], with their help; $argv[4] is the socket, if given. The callback's
    # lines are only split and printed: never evaluated.
    function __deeplink_live
      set -l command (commandline -opc)[1]
      if not string match -q -- '*/*' $command; or not test -x $command
        set command deeplink
      end
      command -q $command; or return
      for line in (command $command \#(CompletionCallback.command) \#(CompletionCallback.values) $argv[2..4] 2>/dev/null)
        set -l parts (string split -m 1 \t -- $line)
        printf '%s%s\t%s\n' $argv[1] $parts[1] "$parts[2]"
      end
    end

    # Prints the --target values, each prefixed by $argv[1], with their help: the kinds, then
    # the simulators and devices the callback finds.
    function __deeplink_targets
      set -l command (commandline -opc)[1]
      if not string match -q -- '*/*' $command; or not test -x $command
        set command deeplink
      end
      command -q $command; or return
      for line in (command $command \#(CompletionCallback.command) \#(CompletionCallback.targets) 2>/dev/null)
        set -l parts (string split -m 1 \t -- $line)
        printf '%s%s\t%s\n' $argv[1] $parts[1] "$parts[2]"
      end
    end

    # Succeeds when another table than this script's may be in effect, found as deeplink finds
    # it: --routes on the line, $\#(RoutesFile.environmentVariable.name), \#(RoutesFile.fileName) here or in a parent
    # directory, or a table an app has taught deeplink, kept in its cache (which app the line
    # aims at is deeplink's to tell). Then the data of this script (the built-in table) does
    # not apply, and deeplink itself is asked.
    function __deeplink_other_table
      for word in (commandline -opc)[2..-1]
        test "$word" = --; and break
        if test "$word" = \#(GlobalOption.routes.flag); or string match -q -- '\#(GlobalOption.routes.flag)=*' $word
          return 0
        end
      end
      test -n "$\#(RoutesFile.environmentVariable.name)"; and return 0
      # A glob that matches nothing is an empty list in `set`, not an error.
      set -l cache "$\#(TableCache.environmentVariable.name)"
      string match -q -- '/*' "$cache"; or set cache "$HOME/.cache"
      set -l tables $cache/\#(ShellCaseFunctions.cacheFiles)
      set -q tables[1]; and return 0
      set -l dir $PWD
      while true
        test -e "$dir/\#(RoutesFile.fileName)"; and return 0
        if test -z "$dir"; or test "$dir" = /
          return 1
        end
        set dir (string replace -r '/[^/]*$' '' -- $dir)
      end
    end

    # Prints what `deeplink \#(CompletionCallback.command) \#(CompletionCallback.words) WORD...` answers: a first line
    # `words<TAB>PREFIX` then `candidate<TAB>description` lines, or `path<TAB>PREFIX`. The
    # lines are only split and printed: never evaluated.
    function __deeplink_ask
      set -l command (commandline -opc)[1]
      if not string match -q -- '*/*' $command; or not test -x $command
        set command deeplink
      end
      command -q $command; or return
      set -l cur (commandline -ct)
      set -l lines (command $command \#(CompletionCallback.command) \#(CompletionCallback.words) (commandline -opc)[2..-1] $cur 2>/dev/null)
      test (count $lines) -gt 0; or return
      set -l head (string split -m 1 \t -- $lines[1])
      switch $head[1]
        case path
          for path in (__fish_complete_path (string sub -s (math (string length -- "$head[2]") + 1) -- $cur))
            printf '%s%s\n' $head[2] $path
          end
        case words
          for line in $lines[2..-1]
            printf '%s%s\n' $head[2] $line
          end
      end
    end

    # Prints the values of option $argv[2] in context $argv[1], each prefixed by $argv[3]
    # (--option= or nothing); $argv[4] is the value typed so far, $argv[5] the socket.
    function __deeplink_values
      set -l reply (__deeplink_value $argv[1] $argv[2])
      switch $reply[1]
        case boolean choices
          test $reply[1] = boolean; and test -z "$argv[3]"; and return
          for value in $reply[2..-1]
            printf '%s%s\n' $argv[3] $value
          end
        case live
          __deeplink_live $argv[3] $reply[2..3] $argv[5]
        case targets
          __deeplink_targets $argv[3]
        case path
          for path in (__fish_complete_path $argv[4])
            printf '%s%s\n' $argv[3] $path
          end
      end
    end

    function __deeplink_complete
      if __deeplink_other_table
        __deeplink_ask
        return
      end
      set -l words (commandline -opc)
      set -l cur (commandline -ct)
      set -l ctx top
      set -l argument open
      set -l expect
      set -l socket
      set -l given
      set -l reply
      for word in $words[2..-1]
        if test -n "$expect"
          if not string match -q -- '--*' $word; and test "$word" != \#(CompletionScript.helpShortFlag)
            test "$expect" = \#(CompletionScript.socketFlag); and set socket $word
            set expect
            continue
          end
          set expect
        end
        if contains -- $word \#(CompletionScript.finalFlags.joined(separator: " "))
          return
        else if test "$word" = --
        else if string match -q -- '--*=*' $word
          set -l parts (string split -m 1 = -- $word)
          set -a given $parts[1]
          test "$parts[1]" = \#(CompletionScript.socketFlag); and set socket $parts[2]
        else if string match -q -- '--*' $word
          set -a given $word
          set reply (__deeplink_value $ctx $word)
          contains -- $reply[1] none boolean; or set expect $word
        else if string match -q -- '-*' $word
        else if test $ctx = top
          set -l kind (__deeplink_kind $word)
          test -n "$kind"; and test "$kind" != subcommand; or return
          set ctx $kind:$word
        else if test $argument = open
          set reply (__deeplink_argument $ctx)
          if test "$reply[1]" = route
            set -l kind (__deeplink_kind $word)
            test "$kind" = route; or return
            set ctx route:$word
          else if test "$reply[1]" = subcommands
            set -l parent (string split -m 1 : -- $ctx)[2]
            set -l kind (__deeplink_kind $parent/$word)
            test "$kind" = subcommand; or return
            set ctx subcommand:$parent/$word
          else
            set argument given
          end
        end
      end

      if test -n "$expect"
        __deeplink_values $ctx $expect '' $cur $socket
        return
      end
      if string match -q -- '--*=*' $cur
        set -l parts (string split -m 1 = -- $cur)
        __deeplink_values $ctx $parts[1] "$parts[1]=" $parts[2] $socket
        return
      end
      if not string match -q -- '-*' $cur; and test $argument = open
        set reply (__deeplink_argument $ctx)
        test $ctx = top; and set reply topic
        switch $reply[1]
          case topic route
            __deeplink_names route
            test $reply[1] = topic; and __deeplink_names command
            return
          case words subcommands
            printf '%s\n' $reply[2..-1]
            return
          case path
            __fish_complete_path $cur
            return
          case free
            return
        end
      end
      for line in (__deeplink_options $ctx)
        set -l parts (string split -m 1 \t -- $line)
        contains -- $parts[1] $given; or printf '%s\n' $line
      end
    end

    complete -c deeplink -e
    complete -c deeplink -f -a '(__deeplink_complete)'
    """#.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
