print("boardkit")
